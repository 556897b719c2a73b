import type { Redis } from '@lbf/service-kit';

/**
 * An API key's cost budget (issue 24 point 2), shared by every gateway replica: a leaky bucket in
 * Redis holding at most the key's `costPerMinute` points and refilled continuously at that rate
 * (costPerMinute / 60 points a second). One Lua script reads, refills, takes and writes the bucket
 * atomically, with Redis's own clock (`TIME`), so two replicas never both spend the same points and
 * their clocks do not matter. A bucket untouched for a minute is full again: the key expires then.
 *
 * ARGV: the budget (points per minute), then the points to take (negative: given back, never past
 * the budget; 0: only read). Returns { allowed (1/0), points left as text (Lua numbers lose their
 * fraction on the way out) }. Refused, nothing is taken.
 */
const LEAKY_BUCKET = `
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
local budget = tonumber(ARGV[1])
local cost = tonumber(ARGV[2])
local state = redis.call('HMGET', KEYS[1], 'points', 'at')
local points = tonumber(state[1])
local at = tonumber(state[2])
if points == nil or at == nil then points = budget; at = now end
points = math.min(budget, points + math.max(0, now - at) * budget / 60000)
local allowed = 1
if cost > points then allowed = 0 else points = math.min(budget, points - cost) end
redis.call('HSET', KEYS[1], 'points', tostring(points), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], 60000)
return { allowed, tostring(points) }
`;

/** Shopify's `throttleStatus`: the budget, what is left of it, and how many points come back each second. */
export interface ThrottleStatus {
  maximumAvailable: number;
  currentlyAvailable: number;
  restoreRate: number;
}

export interface Taken {
  allowed: boolean;
  status: ThrottleStatus;
  /** Refused: whole seconds until the bucket holds the points asked (at least 1). */
  retryAfterSeconds: number;
}

/** The budget as the plugin sees it (integration-cost.ts). */
export interface CostBudget {
  /** Takes `cost` points from the key's bucket, or nothing when it does not hold them. */
  take(keyId: string, costPerMinute: number, cost: number): Promise<Taken>;
  /** Gives back `points` (an operation cost less than announced); never past the budget. */
  giveBack(keyId: string, costPerMinute: number, points: number): Promise<ThrottleStatus>;
  /** The bucket as it stands, taking nothing. */
  peek(keyId: string, costPerMinute: number): Promise<ThrottleStatus>;
}

export const restoreRateOf = (costPerMinute: number) => Math.round((costPerMinute / 60) * 100) / 100;

function statusOf(costPerMinute: number, points: number): ThrottleStatus {
  return { maximumAvailable: costPerMinute, currentlyAvailable: Math.max(0, Math.floor(points)), restoreRate: restoreRateOf(costPerMinute) };
}

/** Whole seconds until `points` become `cost` at `costPerMinute`, at least 1. */
export function secondsUntil(cost: number, points: number, costPerMinute: number): number {
  return Math.max(1, Math.ceil(((cost - points) * 60) / costPerMinute));
}

/** The buckets in Redis under `<prefix>:api-budget:<key id>` (REDIS_KEY_PREFIX: one deployment's replicas share them). */
export function redisCostBudget(redis: Redis, keyPrefix: string): CostBudget {
  const run = async (keyId: string, costPerMinute: number, cost: number): Promise<{ allowed: boolean; points: number }> => {
    const [allowed, points] = (await redis.eval(LEAKY_BUCKET, 1, `${keyPrefix}:api-budget:${keyId}`, String(costPerMinute), String(cost))) as [number, string];
    return { allowed: allowed === 1, points: Number(points) };
  };
  return {
    async take(keyId, costPerMinute, cost) {
      const { allowed, points } = await run(keyId, costPerMinute, cost);
      return { allowed, status: statusOf(costPerMinute, points), retryAfterSeconds: allowed ? 0 : secondsUntil(cost, points, costPerMinute) };
    },
    async giveBack(keyId, costPerMinute, points) {
      return statusOf(costPerMinute, (await run(keyId, costPerMinute, -Math.max(0, points))).points);
    },
    async peek(keyId, costPerMinute) {
      return statusOf(costPerMinute, (await run(keyId, costPerMinute, 0)).points);
    },
  };
}
