#!/usr/bin/env node
'use strict';
/**
 * Lists the functions longer than a limit (80 lines by default) in the product's TypeScript
 * (services, gateway, web, proto-events; generated code, tests and migrations — history, never edited — left out): issue 21's measure.
 * `node scripts/long-functions.js [limit]`; exits 0 and prints "N functions over L lines".
 */
const ts = require('typescript');
const { execFileSync } = require('node:child_process');
const { readFileSync } = require('node:fs');
const { root } = require('./lib/build');

const limit = Number(process.argv[2] ?? 80);
const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', 'services', 'gateway', 'web/src', 'proto-events'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((f) => /\.tsx?$/.test(f) && !/\/generated\/|\/migrations\/|\.spec\.tsx?$|\.d\.ts$|\/test\/|\/e2e\//.test(f));

const found = [];
for (const file of files) {
  let text;
  try {
    text = readFileSync(`${root}/${file}`, 'utf8');
  } catch {
    continue;
  }
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const visit = (node) => {
    if (ts.isFunctionLike(node) && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.end).line;
      if (end - start + 1 > limit) found.push({ file, line: start + 1, lines: end - start + 1, name: nameOf(node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

function nameOf(node) {
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && parent.name) return parent.name.getText();
  return '(anonymous)';
}

found.sort((a, b) => b.lines - a.lines);
for (const f of found) console.log(`${String(f.lines).padStart(4)}  ${f.file}:${f.line}  ${f.name}`);
console.log(`${found.length} functions over ${limit} lines`);
