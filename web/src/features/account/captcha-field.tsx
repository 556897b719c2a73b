import { useApolloMutation } from '@/data/hooks';
import { RefreshCw } from 'lucide-react';
import { useCallback, useEffect, useImperativeHandle, useRef, useState, type Ref, type RefObject } from 'react';
import { type Captcha } from './operations';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { fr } from '@/i18n/fr';
import { cn } from '@/lib/utils';
import { solveProofOfWork } from './proof-of-work';
import CHECK_CAPTCHA from './graphql/check-captcha.mutation.graphql';
import CREATE_CAPTCHA from './graphql/create-captcha.mutation.graphql';

export type CaptchaStatus = 'idle' | 'checking' | 'correct' | 'incorrect';

export interface CaptchaHandle {
  /** Fetches a new captcha (the server consumes one per sign-up attempt). */
  refresh(): void;
  /** The proof of work for the current captcha, searched in the background since it arrived. */
  proof(): Promise<string>;
}

const CAPTCHA_LENGTH = 5;

/**
 * Server captcha: identity draws it as a PNG (a data URL in an <img>). Checked live once 5
 * characters are typed. Each new captcha starts its proof of work at once, in the background, so
 * it is usually ready long before the form is sent.
 */
export function CaptchaField({
  answer,
  onAnswerChange,
  onChange,
  ref,
  error,
}: {
  answer: string;
  /** Must be stable (a state setter or a memoised callback). */
  onAnswerChange(value: string): void;
  /** Reports the captcha id and the live check's status. Must be stable. */
  onChange(state: { id: string | null; status: CaptchaStatus }): void;
  ref?: Ref<CaptchaHandle>;
  error?: string;
}) {
  const { captcha, unavailable, status, creating, refresh, onInput } = useCaptcha({ onAnswerChange, onChange, ref });

  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor="signup-captcha">{fr.auth.captcha}</Label>
      <div className="flex items-center gap-2">
        <div className="grid h-14 w-44 place-items-center overflow-hidden rounded-md border bg-muted">
          {captcha ? (
            <img
              src={captcha.image}
              alt={fr.auth.captchaImageAlt}
              width={176}
              height={56}
              className="h-full w-full object-contain select-none"
              draggable={false}
              data-testid="captcha-image"
            />
          ) : (
            <span className={cn('text-xs text-muted-foreground', creating && 'animate-pulse')}>
              {unavailable ? fr.auth.captchaUnavailable : fr.common.loading}
            </span>
          )}
        </div>
        <Button variant="outline" size="icon" onClick={refresh} disabled={creating} aria-label={fr.auth.captchaRefresh} title={fr.auth.captchaRefresh}>
          <RefreshCw className={cn(creating && 'animate-spin')} aria-hidden="true" />
        </Button>
      </div>
      <Input
        id="signup-captcha"
        value={answer}
        onChange={(event) => onInput(event.target.value)}
        maxLength={CAPTCHA_LENGTH}
        autoComplete="off"
        autoCapitalize="characters"
        autoCorrect="off"
        spellCheck={false}
        className="w-44 font-mono tracking-[0.3em] uppercase"
        aria-invalid={status === 'incorrect' || error ? true : undefined}
        aria-describedby="signup-captcha-hint signup-captcha-status"
        data-testid="captcha-input"
      />
      <p id="signup-captcha-hint" className="text-xs text-muted-foreground">
        {fr.auth.captchaHint}
      </p>
      <p id="signup-captcha-status" aria-live="polite" className="min-h-5 text-sm font-medium" data-testid="captcha-status">
        {status === 'correct' && <span className="text-success">{fr.auth.captchaCorrect}</span>}
        {status === 'incorrect' && <span className="text-destructive">{fr.auth.captchaIncorrect}</span>}
        {status !== 'correct' && status !== 'incorrect' && error && <span className="text-destructive">{error}</span>}
      </p>
    </div>
  );
}

/** The proof of work of the current captcha, searched in the background since it arrived. */
function useProofOfWork() {
  const work = useRef<{ proof: Promise<string>; abort: AbortController } | null>(null);
  const startWork = useCallback((next: Captcha | null) => {
    work.current?.abort.abort();
    if (!next) {
      work.current = null;
      return;
    }
    const abort = new AbortController();
    const proof = solveProofOfWork(next.proofOfWork.challenge, next.proofOfWork.difficulty, abort.signal);
    // A dropped search (a newer captcha replaced it) is not an error anybody waits for.
    proof.catch(() => undefined);
    work.current = { proof, abort };
  }, []);
  const proof = useCallback(() => work.current?.proof ?? Promise.reject(new Error('no captcha')), []);
  const stop = useCallback(() => work.current?.abort.abort(), []);
  return { startWork, proof, stop };
}

/**
 * The captcha's life: created on load (and on refresh), replaced when it expires, its proof of work
 * started as it arrives; the answer checked live once it has all its characters.
 */
function useCaptcha({
  onAnswerChange,
  onChange,
  ref,
}: {
  onAnswerChange(value: string): void;
  onChange(state: { id: string | null; status: CaptchaStatus }): void;
  ref?: Ref<CaptchaHandle>;
}) {
  const [createCaptcha, { loading: creating }] = useApolloMutation(CREATE_CAPTCHA);
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [unavailable, setUnavailable] = useState(false);
  const [status, setStatus] = useState<CaptchaStatus>('idle');
  const checkSeq = useRef(0);
  const { startWork, proof, stop } = useProofOfWork();

  const report = useCallback(
    (id: string | null, next: CaptchaStatus) => {
      setStatus(next);
      onChange({ id, status: next });
    },
    [onChange],
  );

  const refresh = useCallback(() => {
    checkSeq.current += 1;
    onAnswerChange('');
    report(null, 'idle');
    createCaptcha({ fetchPolicy: 'no-cache' })
      .then(({ data }) => {
        setCaptcha(data?.createCaptcha ?? null);
        startWork(data?.createCaptcha ?? null);
        setUnavailable(!data?.createCaptcha);
        report(data?.createCaptcha.id ?? null, 'idle');
      })
      .catch(() => {
        setCaptcha(null);
        startWork(null);
        setUnavailable(true);
      });
  }, [createCaptcha, onAnswerChange, report, startWork]);

  useImperativeHandle(ref, () => ({ refresh, proof }), [refresh, proof]);

  useEffect(() => () => stop(), [stop]);
  useCaptchaRenewal(captcha, refresh);
  const onInput = useLiveCheck({ captcha, checkSeq, onAnswerChange, report });
  return { captcha, unavailable, status, creating, refresh, onInput };
}

/**
 * Generated once on load (refresh's identity may change; a second captcha would waste data and
 * leave the first one unused on the server), and replaced when it expires (it can no longer be answered).
 */
function useCaptchaRenewal(captcha: Captcha | null, refresh: () => void) {
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    refresh();
  }, [refresh]);

  useEffect(() => {
    if (!captcha) return;
    const ms = Date.parse(captcha.expiresAt) - Date.now();
    if (!Number.isFinite(ms) || ms <= 0) return;
    const timer = window.setTimeout(refresh, Math.min(ms, 2 ** 31 - 1));
    return () => window.clearTimeout(timer);
  }, [captcha, refresh]);
}

/** The typed answer, normalised, checked by the server once it has all its characters (the latest check wins). */
function useLiveCheck({
  captcha,
  checkSeq,
  onAnswerChange,
  report,
}: {
  captcha: Captcha | null;
  checkSeq: RefObject<number>;
  onAnswerChange(value: string): void;
  report(id: string | null, next: CaptchaStatus): void;
}) {
  const [checkCaptcha] = useApolloMutation(CHECK_CAPTCHA);
  return (raw: string) => {
    const value = raw.toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, CAPTCHA_LENGTH);
    onAnswerChange(value);
    const seq = ++checkSeq.current;
    if (value.length < CAPTCHA_LENGTH || !captcha) {
      report(captcha?.id ?? null, 'idle');
      return;
    }
    report(captcha.id, 'checking');
    checkCaptcha({ variables: { id: captcha.id, answer: value }, fetchPolicy: 'no-cache' })
      .then(({ data }) => {
        if (seq === checkSeq.current) report(captcha.id, data?.checkCaptcha ? 'correct' : 'incorrect');
      })
      .catch(() => {
        if (seq === checkSeq.current) report(captcha.id, 'incorrect');
      });
  };
}
