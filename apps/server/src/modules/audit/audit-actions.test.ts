import fs from 'node:fs';
import path from 'node:path';
import { AUDIT_ACTION_LABELS, auditActionLabel } from '@platform/contracts';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * 审计日志 shows a label for every action the server records (issue 33). recordAudit only takes an
 * AuditAction (a key of AUDIT_ACTION_LABELS), so the compiler refuses an action without a label;
 * this test reads the server's source as well and fails when an action is written there without a
 * label: every `action` property (literal, ternary, a template such as `carousel.${verb}` expanded
 * through the literal types of its parts, a parameter's literal type) and every argument passed to
 * a parameter named `action`.
 */

const SERVER_SRC = path.resolve(import.meta.dirname, '../..');
/** `deposit.approve`: `<target>.<verb>`. */
const CODE = /^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$/;

function sourceFiles(): string[] {
  return fs
    .readdirSync(SERVER_SRC, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => path.join(SERVER_SRC, file));
}

/** The action codes written in the server's source, each with where it was found. */
function recordedActions(): Map<string, string> {
  const files = sourceFiles();
  // Each file on its own (imports unresolved): local literal types are all it needs, in a few seconds.
  const program = ts.createProgram(files, { noResolve: true, noLib: true, noEmit: true, types: [] });
  const checker = program.getTypeChecker();

  /** The strings an expression can be, when its type says so; null when it is any string. */
  const valuesOf = (e: ts.Expression): string[] | null => {
    if (ts.isParenthesizedExpression(e)) return valuesOf(e.expression);
    if (ts.isConditionalExpression(e)) {
      const [yes, no] = [valuesOf(e.whenTrue), valuesOf(e.whenFalse)];
      return yes && no ? [...yes, ...no] : null;
    }
    if (ts.isTemplateExpression(e)) {
      let built = [e.head.text];
      for (const span of e.templateSpans) {
        const parts = valuesOf(span.expression);
        if (!parts) return null;
        built = built.flatMap((start) => parts.map((part) => start + part + span.literal.text));
      }
      return built;
    }
    const type = checker.getTypeAtLocation(e);
    const members = type.isUnion() ? type.types : [type];
    return members.every((m) => m.isStringLiteral())
      ? members.map((m) => (m as ts.StringLiteralType).value)
      : null;
  };

  /** An argument written as a string (resolving every call's signature would take far longer). */
  const mayBeCode = (e: ts.Expression) =>
    ts.isStringLiteralLike(e) || ts.isTemplateExpression(e) || ts.isConditionalExpression(e);

  const codes = new Map<string, string>();
  for (const file of files) {
    const source = program.getSourceFile(file);
    if (!source) continue;
    const found = (node: ts.Node, values: string[] | null) => {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      for (const value of values ?? []) {
        if (CODE.test(value)) codes.set(value, `${path.relative(SERVER_SRC, file)}:${line}`);
      }
    };
    const visit = (node: ts.Node): void => {
      if (ts.isPropertyAssignment(node) && node.name.getText(source) === 'action') {
        found(node, valuesOf(node.initializer));
      } else if (ts.isShorthandPropertyAssignment(node) && node.name.text === 'action') {
        found(node, valuesOf(node.name));
      } else if (ts.isCallExpression(node) && node.arguments.some(mayBeCode)) {
        const parameters = checker.getResolvedSignature(node)?.getParameters() ?? [];
        parameters.forEach((parameter, i) => {
          const argument = node.arguments[i];
          if (parameter.name === 'action' && argument) found(argument, valuesOf(argument));
        });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return codes;
}

describe('audit action labels', () => {
  it('every action the server writes has a label', () => {
    const codes = recordedActions();
    // The reading sees each way an action is written: directly, both sides of a ternary, a
    // template's every value, a parameter's literal type, an argument to a parameter named action.
    for (const known of [
      'adjustment.create',
      'deposit.approve',
      'deposit.reject',
      'carousel.unpublish',
      'market_data.restart',
      'team_salary.approval_reject',
      'twofa.disable',
      'user.status',
    ]) {
      expect(codes.has(known), known).toBe(true);
    }
    const missing = [...codes]
      .filter(([code]) => !Object.hasOwn(AUDIT_ACTION_LABELS, code))
      .map(([code, where]) => `${code} (${where})`);
    expect(missing).toEqual([]);
  }, 30_000);

  it('labels are Chinese, each its own; a code without one shows as it is', () => {
    const labels = Object.values(AUDIT_ACTION_LABELS) as string[];
    for (const label of labels) expect(label).toMatch(/\p{Script=Han}/u);
    expect(new Set(labels).size).toBe(labels.length);
    expect(auditActionLabel('kyc.approve')).toBe('通过实名认证');
    expect(auditActionLabel('legacy.thing')).toBe('legacy.thing');
    // Only the list's own keys are labels, never a property every object has.
    expect(auditActionLabel('constructor')).toBe('constructor');
  });
});
