#!/usr/bin/env node
'use strict';
/**
 * A baseline server in its own process, on 127.0.0.1 and a free port (sent to the parent over IPC):
 *  - `http`:   bare node:http; reads and parses the JSON body, answers the settings from memory;
 *  - `apollo`: bare @apollo/server (standalone, production settings), same query, same answer.
 * It shows what the machine can do before any of our code runs.
 */
const { createServer } = require('node:http');
const { SETTINGS_SDL, SETTINGS_VALUE } = require('./queries');

async function bareHttp() {
  const answer = JSON.stringify({ data: { siteSettings: SETTINGS_VALUE } });
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      try {
        JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        res.writeHead(400).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(answer) });
      res.end(answer);
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server.address().port;
}

async function bareApollo() {
  const { ApolloServer } = require('@apollo/server');
  const { startStandaloneServer } = require('@apollo/server/standalone');
  const server = new ApolloServer({
    typeDefs: SETTINGS_SDL,
    resolvers: { Query: { siteSettings: () => SETTINGS_VALUE } },
    introspection: false,
  });
  const { url } = await startStandaloneServer(server, { listen: { port: 0, host: '127.0.0.1' } });
  return Number(new URL(url).port);
}

const kind = process.argv[2];
(kind === 'http' ? bareHttp() : kind === 'apollo' ? bareApollo() : Promise.reject(new Error(`unknown baseline ${kind}`)))
  .then((port) => process.send({ port }))
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
