import { ts } from 'ts-morph';

/** Tokens after which a `/` divides; elsewhere it starts a regular expression. */
const ENDS_EXPRESSION: ReadonlySet<ts.SyntaxKind> = new Set([
  ts.SyntaxKind.Identifier, ts.SyntaxKind.NumericLiteral, ts.SyntaxKind.BigIntLiteral, ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.CloseParenToken, ts.SyntaxKind.CloseBracketToken, ts.SyntaxKind.CloseBraceToken, ts.SyntaxKind.ThisKeyword,
  ts.SyntaxKind.SuperKeyword, ts.SyntaxKind.TrueKeyword, ts.SyntaxKind.FalseKeyword, ts.SyntaxKind.NullKeyword,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral, ts.SyntaxKind.TemplateTail, ts.SyntaxKind.PlusPlusToken, ts.SyntaxKind.MinusMinusToken,
]);

/**
 * The position of a `{` that is likely never closed, judged by indentation: the first `}` that
 * begins its line indented less than the line of the `{` it pairs with. A stray `{{` makes the
 * parser consume the rest of the file and complain lines later, where nothing is wrong; the `{`
 * found here is where the mistake is. Undefined when the braces pair up with their indentation
 * (any style where a closing brace lines up with its opening line). A plain token scan, linear.
 *
 * @example
 * unclosedBrace("f() {\n  if (x) {{\n    a();\n  }\n}\n") // 15: the first `{` of line 2
 */
export function unclosedBrace(text: string): number | undefined {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, text);
  const opened: { readonly pos: number; readonly indent: number; readonly template: boolean }[] = [];
  let previous = ts.SyntaxKind.Unknown;
  for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
    if ((token === ts.SyntaxKind.SlashToken || token === ts.SyntaxKind.SlashEqualsToken) && !ENDS_EXPRESSION.has(previous)) {
      token = scanner.reScanSlashToken();
    }
    const pos = scanner.getTokenStart();
    if (token === ts.SyntaxKind.OpenBraceToken || token === ts.SyntaxKind.TemplateHead) {
      opened.push({ pos, indent: indentOfLineAt(text, pos), template: token === ts.SyntaxKind.TemplateHead });
    } else if (token === ts.SyntaxKind.CloseBraceToken) {
      const open = opened.at(-1);
      if (open?.template) {
        // `}` ends a `${…}` span: the template goes on (middle) or ends (tail).
        token = scanner.reScanTemplateToken(false);
        if (token === ts.SyntaxKind.TemplateTail) opened.pop();
      } else if (open) {
        opened.pop();
        if (startsLine(text, pos) && indentOfLineAt(text, pos) < open.indent) return open.pos;
      }
    }
    previous = token;
  }
  return undefined;
}

function lineStart(text: string, pos: number): number {
  return text.lastIndexOf('\n', pos - 1) + 1;
}

function indentOfLineAt(text: string, pos: number): number {
  const start = lineStart(text, pos);
  let end = start;
  while (text[end] === ' ' || text[end] === '\t') end++;
  return end - start;
}

const startsLine = (text: string, pos: number): boolean => text.slice(lineStart(text, pos), pos).trim() === '';
