import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import ts from 'typescript';

/**
 * Every string in web/src/i18n is shown somewhere: a key no source file reads is dead text that a
 * translator would still translate. A key counts as read when some file names it as a property
 * (`.key`, `['key']`, `{ key }`), or when an object holding it is used whole (`fr.faq.items.map`,
 * `labels[category]`).
 */
const SRC = join(__dirname, '..');
const I18N = __dirname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'generated' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.spec\.tsx?$/.test(name) ? [path] : [];
  });
}

interface Key {
  file: string;
  /** e.g. ['fr', 'common', 'comingSoon'] */
  path: string[];
}

function objectLiteralOf(node: ts.Expression): ts.ObjectLiteralExpression | null {
  let expr: ts.Expression = node;
  while (ts.isAsExpression(expr) || ts.isSatisfiesExpression(expr) || ts.isParenthesizedExpression(expr)) expr = expr.expression;
  return ts.isObjectLiteralExpression(expr) ? expr : null;
}

/** The keys of every exported object literal of an i18n file, leaves and nested objects alike. */
function keysOf(file: string): Key[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const keys: Key[] = [];
  const walk = (object: ts.ObjectLiteralExpression, path: string[]) => {
    for (const property of object.properties) {
      if (!ts.isPropertyAssignment(property) && !ts.isMethodDeclaration(property) && !ts.isShorthandPropertyAssignment(property)) continue;
      const name = property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)) ? property.name.text : null;
      if (!name) continue;
      keys.push({ file, path: [...path, name] });
      const inner = ts.isPropertyAssignment(property) ? objectLiteralOf(property.initializer) : null;
      if (inner) walk(inner, [...path, name]);
    }
  };
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    if (!statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const object = declaration.initializer && objectLiteralOf(declaration.initializer);
      if (object && ts.isIdentifier(declaration.name)) walk(object, [declaration.name.text]);
    }
  }
  return keys;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The key named as a property somewhere: `.key`, `['key']`, or destructured `{ key }`. */
function namedIn(code: string, key: string): boolean {
  const k = escape(key);
  return new RegExp(`\\.${k}\\b|\\[\\s*['"\`]${k}['"\`]\\s*\\]|[{,]\\s*${k}\\s*(?:[,}]|:\\s*[A-Za-z_$])`).test(code);
}

/**
 * An object used whole: indexed (`labels[value]`), spread, or handed on as a value (`f(labels)`,
 * `items={faq.items}`, `Object.entries(labels)`); not merely aliased (`const t = fr.auth`, `as t`).
 */
function usedWhole(code: string, path: string): boolean {
  const parts = path.split('.');
  const last = escape(parts.at(-1)!);
  // A root is an identifier of its own (imported); a nested object is always reached as `.name`.
  const name = parts.length === 1 ? `\\b${last}` : `(?<!\\.)\\.${last}`;
  const spread = parts.length === 1 ? `\\.\\.\\.\\s*${last}\\b` : `\\.\\.\\.\\s*[\\w$]+(?:\\.[\\w$]+)*\\.${last}\\b`;
  return new RegExp(`${spread}(?!\\s*\\??\\.)|${name}\\s*(?:\\??\\.)?\\s*(?:\\[|\\)|,|\\})`).test(code);
}

/** Source without imports and the definitions of the keys themselves (`key:` at the start of a property). */
function withoutDefinitions(code: string): string {
  return code
    .replace(/^\s*import\s[^;]*;/gm, '')
    .replace(/^\s*['"]?[A-Za-z_$][\w$]*['"]?\s*:/gm, '');
}

export function unusedKeys(i18nFiles: string[], allFiles: string[]): string[] {
  const code = allFiles.map((file) => withoutDefinitions(readFileSync(file, 'utf8'))).join('\n');
  const keys = i18nFiles.flatMap(keysOf);
  const parents = new Set(keys.map((key) => key.path.slice(0, -1).join('.')));
  const wholeObjects = new Set([...parents].filter((path) => usedWhole(code, path)));
  return keys
    .filter((key) => key.path.length > 1)
    .filter((key) => {
      // A key under an object used whole is read through that object.
      for (let i = 1; i < key.path.length; i++) if (wholeObjects.has(key.path.slice(0, i).join('.'))) return false;
      return !namedIn(code, key.path.at(-1)!);
    })
    .map((key) => `${relative(SRC, key.file)}: ${key.path.join('.')}`);
}

describe('the web app’s strings', () => {
  it('are all read somewhere: no dead key in web/src/i18n', () => {
    expect(unusedKeys(sourceFiles(I18N), sourceFiles(SRC))).toEqual([]);
  });
});
