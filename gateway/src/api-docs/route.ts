import { createHash } from 'node:crypto';
import express, { type RequestHandler, type Router } from 'express';
import { printSchema } from 'graphql';
import { readChangelog, readFrench } from './api-files';
import { renderDocsPage } from './docs-page';
import { publicSchema } from './public-schema';

interface Published {
  body: string;
  etag: string;
}

interface ApiDocuments {
  supergraphSdl: string;
  sdl: Published;
  html: Published;
}

const published = (body: string): Published => ({ body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` });

/** The public SDL and the documentation page of one supergraph (the gateway's, so what it serves). */
export function apiDocuments(supergraphSdl: string, limits: { maxCost: number; maxDepth: number }): ApiDocuments {
  const pub = publicSchema(supergraphSdl);
  const html = renderDocsPage({ publicSchema: pub, french: readFrench(), changelog: readChangelog(), ...limits });
  return { supergraphSdl, sdl: published(printSchema(pub.schema)), html: published(html) };
}

function send(doc: Published, contentType: string): RequestHandler {
  return (req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.setHeader('ETag', doc.etag);
    if (req.headers['if-none-match'] === doc.etag) {
      res.status(304).end();
      return;
    }
    res.type(contentType).send(doc.body);
  };
}

/**
 * Issue 24 point 3: `GET /api/schema.graphql`, the public schema as SDL, and `GET /api/docs`, its
 * documentation page; both made once per supergraph the gateway loads (cached, with an ETag that
 * changes only with them), 503 until it has one.
 */
export function apiDocsRouter(supergraphSdl: () => string | null, limits: { maxCost: number; maxDepth: number }): Router {
  const router = express.Router();
  let current: ApiDocuments | null = null;
  const documents = (): ApiDocuments | null => {
    const sdl = supergraphSdl();
    if (!sdl) return null;
    if (current?.supergraphSdl !== sdl) current = apiDocuments(sdl, limits);
    return current;
  };
  const serve = (pick: (d: ApiDocuments) => Published, contentType: string): RequestHandler => (req, res, next) => {
    const docs = documents();
    if (!docs) {
      res.status(503).setHeader('Retry-After', '2');
      res.type('text/plain').send('La passerelle démarre ; réessayez dans un instant.');
      return;
    }
    send(pick(docs), contentType)(req, res, next);
  };
  router.get('/api/schema.graphql', serve((d) => d.sdl, 'text/plain; charset=utf-8'));
  router.get('/api/docs', serve((d) => d.html, 'text/html; charset=utf-8'));
  return router;
}
