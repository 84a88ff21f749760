import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_ROOT } from './paths.ts';

const REPO_ROOT = path.resolve(SERVER_ROOT, '../..');
const read = (file: string) => fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');

/** The repository's own text files: code, scripts, SQL and documentation. */
function trackedTextFiles(): string[] {
  return execFileSync('git', ['ls-files'], { cwd: REPO_ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((f) => /\.(ts|tsx|mjs|js|md|sql|yml|yaml|sh)$/.test(f) && !f.includes('node_modules/'))
    .filter((f) => fs.existsSync(path.join(REPO_ROOT, f)) && f !== THIS_FILE);
}

/** This file, whose patterns and examples would match themselves. */
const THIS_FILE = path.relative(REPO_ROOT, import.meta.filename);

/** Places outside the repository that a comment once pointed at; the next engineer has none of them. */
const OUTSIDE = [/\bDESIGN\.md\b/, /\bshared\/(DESIGN|spec)\b/, /\/work\/(shared|notes|main)\b/];

/** ARCHITECTURE.md's section headings (## and ###), without the leading hashes. */
const headings = read('ARCHITECTURE.md')
  .split('\n')
  .flatMap((line) => /^#{2,3} (.+)$/.exec(line)?.[1] ?? []);

/** A section named by its heading or the heading's start ("Reference prices" for "Reference prices: …"). */
const isHeading = (name: string) =>
  headings.some((h) => h === name || (h.startsWith(name) && /^[\s:,(]/.test(h.slice(name.length))));

const BETWEEN = String.raw`(?:\s|\*|//)*`;
/** `ARCHITECTURE.md, "A"` or `ARCHITECTURE.md, "A" and "B"`, across comment line breaks. */
const CODE_REFERENCE = new RegExp(
  String.raw`ARCHITECTURE\.md,${BETWEEN}"[^"]+"(?:${BETWEEN}(?:and|,)${BETWEEN}"[^"]+")*`,
  'g',
);
/** The specification's documents by their file names' numbers (000_….txt, 001_….txt). */
const SPEC_DOCUMENTS = ['000', '001'];

/** ARCHITECTURE.md's own cross-references: (see "A"). */
const SEE_REFERENCE = /\bsee "([^"]+)"/g;

/** The topics' full text, one file each, which ARCHITECTURE.md's sections sum up and link to. */
const TOPIC_FILES = fs
  .readdirSync(path.join(REPO_ROOT, 'docs'))
  .filter((f) => f.endsWith('.md'))
  .map((f) => `docs/${f}`);

/** The map and its topics: their (see "A") references name ARCHITECTURE.md's headings. */
const ARCHITECTURE_TEXTS = ['ARCHITECTURE.md', ...TOPIC_FILES];

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');

/** Markdown links, `[text](target)` (web addresses are left out where they are read). */
const LINK = /\]\(([^)\s]+)\)/g;

const quoted = (text: string) =>
  [...text.matchAll(/"([^"]+)"/g)].map((m) => (m[1] as string).replace(/\s+/g, ' '));

describe('references in the repository', () => {
  const files = trackedTextFiles();

  it('never point at files outside the repository', () => {
    const found = files.flatMap((file) =>
      read(file)
        .split('\n')
        .flatMap((line, i) =>
          OUTSIDE.some((re) => re.test(line)) ? [`${file}:${i + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(
      found,
      `point at ARCHITECTURE.md sections or the spec documents instead:\n${found.join('\n')}`,
    ).toEqual([]);
  });

  it('name ARCHITECTURE.md sections that exist', () => {
    const missing = files.flatMap((file) =>
      [...read(file).matchAll(CODE_REFERENCE)]
        .flatMap((m) => quoted(m[0]))
        .filter((name) => !isHeading(name))
        .map((name) => `${file}: "${name}"`),
    );
    for (const file of ARCHITECTURE_TEXTS) {
      for (const m of read(file).matchAll(SEE_REFERENCE)) {
        const name = (m[1] as string).replace(/\s+/g, ' ');
        if (!isHeading(name)) missing.push(`${file}: see "${name}"`);
      }
    }
    expect(missing, `no such heading in ARCHITECTURE.md:\n${missing.join('\n')}`).toEqual([]);
  });

  it('link to files and headings that exist (ARCHITECTURE.md, docs/, README.md)', () => {
    const broken = ['README.md', ...ARCHITECTURE_TEXTS].flatMap((file) =>
      [...read(file).matchAll(LINK)]
        .map((m) => m[1] as string)
        .filter((target) => !/^[a-z]+:/.test(target))
        .filter((target) => {
          const [linked = '', anchor] = target.split('#');
          const resolved = linked ? path.join(path.dirname(file), linked) : file;
          if (!fs.existsSync(path.join(REPO_ROOT, resolved))) return true;
          if (anchor === undefined) return false;
          const anchors = read(resolved)
            .split('\n')
            .flatMap((line) => /^#{1,6} (.+)$/.exec(line)?.[1] ?? [])
            .map(anchorOf);
          return !anchors.includes(anchor);
        })
        .map((target) => `${file}: ${target}`),
    );
    expect(broken, `no such file or heading:\n${broken.join('\n')}`).toEqual([]);
  });

  it('ARCHITECTURE.md links each of its sections to a topic in docs/, and every topic is linked', () => {
    const architecture = read('ARCHITECTURE.md');
    const sections = architecture.split(/^#{2,3} /m).slice(1);
    const unlinked = sections
      .filter((section) => !/\]\(docs\/[^)]+\.md\)/.test(section))
      .map((section) => section.split('\n')[0]);
    const linked = new Set([...architecture.matchAll(/\]\((docs\/[^)#]+\.md)\)/g)].map((m) => m[1]));
    const orphans = TOPIC_FILES.filter((file) => !linked.has(file));
    expect(unlinked.filter((heading) => heading !== 'Fair settlement')).toEqual([]);
    expect(orphans, `docs/ files ARCHITECTURE.md does not link to: ${orphans.join(', ')}`).toEqual([]);
  });

  it('ARCHITECTURE.md stays a map: one screenful of sections, a diagram, no timings or test names', () => {
    const architecture = read('ARCHITECTURE.md');
    const lines = architecture.split('\n');
    // Issue 35: 897 lines took 50 minutes to read; the detail lives in docs/, timings in bench/README.md.
    expect(lines.length).toBeLessThanOrEqual(250);
    expect(architecture).toMatch(/```\n[^`]*┌─ one instance[^`]*\n```/);
    const timings = lines.filter((line) => /\b\d+(\.\d+)?( ?ms| s| min| minutes| seconds)\b/.test(line));
    const testNames = lines.filter((line) => /\.(test|spec)\.tsx?\b/.test(line));
    expect([...timings, ...testNames], 'move these to docs/ or bench/README.md').toEqual([]);
  });

  it('name the spec documents that exist (spec 000 and spec 001, see ARCHITECTURE.md)', () => {
    const unknown = files.flatMap((file) =>
      [...read(file).matchAll(/\bspec (\d{3})\b/gi)]
        .filter((m) => !SPEC_DOCUMENTS.includes(m[1] as string))
        .map((m) => `${file}: ${m[0]}`),
    );
    expect(unknown, `no such spec document:\n${unknown.join('\n')}`).toEqual([]);
  });

  it("ARCHITECTURE.md's Modules section names every server module", () => {
    const section =
      read('ARCHITECTURE.md')
        .split(/^## Modules$/m)[1]
        ?.split(/^## /m)[0] ?? '';
    const modules = fs
      .readdirSync(path.join(SERVER_ROOT, 'src/modules'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    const unnamed = modules.filter((name) => !section.includes(`\`${name}\``));
    expect(unnamed, `modules missing from ARCHITECTURE.md's "Modules": ${unnamed.join(', ')}`).toEqual([]);
  });
});
