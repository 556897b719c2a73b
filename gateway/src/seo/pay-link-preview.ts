import type { Logger } from '@lbf/service-kit';
import type { RequestHandler } from 'express';
import { readFileSync } from 'node:fs';
import type { ExecuteRequest, ExecuteResult } from '../ssr/server-render';
import { payLinkHead, withHead, type PayLinkPreviewData } from './pay-link-head';

type Execute = (request: ExecuteRequest) => Promise<ExecuteResult>;

/** The link's page (web/src/app/route-manifest.ts, `payLink`): its token as the web makes it, or anything a visitor types. */
const PAY_LINK_PATH = /^\/payer-pour-moi\/([^/]{1,128})\/?$/i;
const WELL_FORMED = /^[A-Za-z0-9_-]{43}$/;

const LINK_QUERY = `query PayLinkPreview($token: ID!) { payLink(token: $token) { itemId itemType itemTitle amount { xaf } requesterFirstName status } }`;
const COVER_QUERY = {
  VIDEO: `query PayLinkVideoCover($id: ID!) { item: video(id: $id) { image: thumbnailUrl } }`,
  PDF: `query PayLinkPdfCover($id: ID!) { item: pdf(id: $id) { image: illustrationUrl } }`,
};

interface LinkAnswer {
  itemId: string;
  itemType: 'VIDEO' | 'PDF';
  itemTitle: string;
  amount: { xaf: number };
  requesterFirstName: string | null;
  status: PayLinkPreviewData['status'];
}

/** Commerce's public view of the link, and the item's cover from the catalogue, both as an anonymous visitor. */
async function previewData(execute: Execute, token: string): Promise<PayLinkPreviewData | null> {
  if (!WELL_FORMED.test(token)) return null;
  const answer = await execute({ query: LINK_QUERY, variables: { token }, operationName: 'PayLinkPreview' });
  const link = (answer.data?.payLink ?? null) as LinkAnswer | null;
  if (!link) {
    if (answer.errors?.length) throw new Error(`payLink query failed: ${JSON.stringify(answer.errors).slice(0, 300)}`);
    return null;
  }
  const live = link.status === 'OPEN' || link.status === 'PENDING';
  const cover = live ? await execute({ query: COVER_QUERY[link.itemType], variables: { id: link.itemId } }) : null;
  const image = ((cover?.data?.item ?? null) as { image: string | null } | null)?.image ?? null;
  return { itemTitle: link.itemTitle, amountXaf: link.amount.xaf, requesterFirstName: link.requesterFirstName, status: link.status, image };
}

/**
 * GET/HEAD /payer-pour-moi/:token: the app shell (the page itself is the browser's: it polls a
 * payment under way) with the link's own <title> and Open Graph tags, read server-side from
 * commerce's public `payLink` query, so a link shared on WhatsApp shows the item, its price and
 * who asks. A paid, expired or unknown link gets a neutral preview. Never cached: a link's state
 * changes. While the API is not ready, or when the query fails, the plain app shell (logged).
 */
export function payLinkPreview(options: { indexFile: string; execute: () => Execute | null; publicOrigin: string | null; log: Logger }): RequestHandler {
  let indexHtml: string | null = null;
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const match = PAY_LINK_PATH.exec(req.path);
    const execute = match ? options.execute() : null;
    if (!match || !execute) return next();
    const origin = options.publicOrigin ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`;
    let token: string;
    try {
      token = decodeURIComponent(match[1]!);
    } catch {
      token = '';
    }
    previewData(execute, token).then(
      (data) => {
        indexHtml ??= readFileSync(options.indexFile, 'utf8');
        const html = withHead(indexHtml, payLinkHead(data, origin, req.path));
        res.status(200).setHeader('Content-Type', 'text/html; charset=utf-8');
        res.setHeader('Cache-Control', 'no-cache');
        res.end(req.method === 'HEAD' ? undefined : html);
      },
      (err: unknown) => {
        options.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'pay link preview failed; answering with the app shell');
        next();
      },
    );
  };
}
