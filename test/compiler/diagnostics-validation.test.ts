import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture, golden } from './helpers.js';

test('FW1701: a DTO the compiler cannot compile stays on class-validator, named at the decorator (an `@ArrayUnique` selector too); its parent is not reported again', async () => {
  const result = await compileFixture('fw1701-validation-fallback');
  const file = 'test/compiler/fixtures/fw1701-validation-fallback/src/app.module.ts';
  assert.equal(result.diagnostics.map(golden), [
    {
      code: 'FW1701', severity: 'warning', file, line: 12, column: 3,
      message: "Body class LineDto is validated by class-validator at run time, not by a compiled validator: @Validate on member 'quantity' cannot be compiled (a custom constraint runs only at run time).",
    },
    {
      code: 'FW1701', severity: 'warning', file, line: 27, column: 3,
      message: "Body class NoteDto is validated by class-validator at run time, not by a compiled validator: @IsString on member 'text' cannot be compiled (its argument `{ message: () => `at least ${minimum}` }` is only known at run time).",
    },
    // `@ArrayUnique(options)` and `@IsMACAddress(options)` on the members before it compile.
    {
      code: 'FW1701', severity: 'warning', file, line: 39, column: 3,
      message: "Body class BatchDto is validated by class-validator at run time, not by a compiled validator: @ArrayUnique on member 'lines' cannot be compiled (its argument `(line: { sku: string }) => line.sku` is only known at run time).",
    },
  ]);
  assert.match(result.diagnostics[0]!.hint, /only slower, and class-validator is loaded at start/);
  // A warning: the tables are written, OrderDto (whose nested LineDto falls back) without a compiled validator.
  assert.ok(result.ok);
  const text = result.files[0]!.text;
  assert.ok(text.includes("const $OrderDto: DtoEntry = { dto: OrderDto, members: ['customer', 'line'], nested: { line: { dto: $LineDto, each: false } } };"), text);
});

test('FW1702: a rule that contradicts the declared type, with the decorator that fits as the hint', async () => {
  const result = await compileFixture('fw1702-rule-contradicts-type');
  const file = 'test/compiler/fixtures/fw1702-rule-contradicts-type/src/app.module.ts';
  assert.equal(result.diagnostics.map((d) => ({ ...golden(d), hint: d.hint })), [
    {
      code: 'FW1702', severity: 'error', file, line: 5, column: 3,
      message: "@IsString on member 'priority' of body class CreateTaskDto checks for a string, but the member is declared as number: every valid number is refused, and what passes is not a number.",
      hint: 'use @IsNumber(), or change the declared type to match the rule.',
    },
    {
      code: 'FW1702', severity: 'error', file, line: 8, column: 3,
      message: "@MinLength on member 'tags' of body class CreateTaskDto checks for a string, but the member is declared as string[]: every valid string[] is refused, and what passes is not a string[].",
      hint: 'use @MinLength(…, { each: true }) to check each element, or change the declared type to match the rule.',
    },
    {
      code: 'FW1702', severity: 'error', file, line: 11, column: 3,
      message: "@IsInt on member 'ids' of body class CreateTaskDto checks each element for a number, but the member is declared as string[]: every valid string is refused, and what passes is not a string.",
      hint: 'use @IsString({ each: true }), or change the declared type to match the rule.',
    },
    {
      code: 'FW1702', severity: 'error', file, line: 14, column: 3,
      message: "@IsNumber on member 'labels' of body class CreateTaskDto checks for a number, but the member is declared as string[]: every valid string[] is refused, and what passes is not a string[].",
      hint: 'use @IsNumber(…, { each: true }) to check each element, or change the declared type to match the rule.',
    },
  ]);
  assert.not.ok(result.ok);
});

test('FW1703: a locale validator.js does not know, at the decorator, with the nearest known one as the hint', async () => {
  const result = await compileFixture('fw1703-unknown-locale');
  const file = 'test/compiler/fixtures/fw1703-unknown-locale/src/app.module.ts';
  assert.equal(result.diagnostics.map((d) => ({ ...golden(d), hint: d.hint })), [
    {
      code: 'FW1703', severity: 'error', file, line: 5, column: 3,
      message: "@IsAlpha on member 'name' of body class ProfileDto names the locale 'en', which validator.js does not know for it: every string sent would make the check throw (a 500), never a 400.",
      hint: "did you mean 'en-US'? use one of validator.js's locales for it, such as 'en-US', 'de-DE', 'fr-FR', or leave the locale out for 'en-US'.",
    },
    {
      code: 'FW1703', severity: 'error', file, line: 11, column: 3,
      message: "@IsDecimal on member 'balance' of body class ProfileDto names the locale 'fr-XX', which validator.js does not know for it: every string sent would make the check throw (a 500), never a 400.",
      hint: "did you mean 'fr-FR'? use one of validator.js's locales for it, such as 'en-US', 'de-DE', 'fr-FR', or leave the locale out for 'en-US'.",
    },
  ]);
  assert.not.ok(result.ok);
});

test('FW1704 (and FW1703 for the new locale rules): an option value the library does not know, or a locale it needs left out, at the decorator; known ones pass', async () => {
  const result = await compileFixture('fw1704-unknown-option-value');
  const file = 'test/compiler/fixtures/fw1704-unknown-option-value/src/app.module.ts';
  assert.equal(result.diagnostics.map((d) => ({ ...golden(d), hint: d.hint })), [
    {
      code: 'FW1704', severity: 'error', file, line: 5, column: 3,
      message: "@IsPhoneNumber on member 'phone' of body class ContactDto names the region 'UK', which libphonenumber-js does not know for it: no value can pass the rule.",
      hint: "did you mean 'GB'? use one it knows, such as 'AC', 'AD', 'AE'.",
    },
    {
      code: 'FW1704', severity: 'error', file, line: 8, column: 3,
      message: "@IsHash on member 'digest' of body class ContactDto names the algorithm 'sha', which validator.js does not know for it: the rule accepts one hex digit followed by the text `{undefined}`, and nothing else.",
      hint: "did you mean 'sha1'? use one it knows, such as 'md4', 'md5', 'sha1'.",
    },
    {
      code: 'FW1704', severity: 'error', file, line: 11, column: 3,
      message: "@IsISBN on member 'isbn' of body class ContactDto names the version '11', which validator.js does not know for it: no value can pass the rule.",
      hint: "did you mean '10'? use one it knows, such as '10', '13'.",
    },
    {
      code: 'FW1704', severity: 'error', file, line: 14, column: 3,
      message: "@IsPassportNumber on member 'passport' of body class ContactDto names the country code 'us', which validator.js does not know for it: every string sent would make the check throw (a 500), never a 400.",
      hint: "did you mean 'US'? use one it knows, such as 'AM', 'AR', 'AT'.",
    },
    {
      code: 'FW1704', severity: 'error', file, line: 17, column: 3,
      message: "@IsMobilePhone on member 'mobile' of body class ContactDto names the locale 'fr', which validator.js does not know for it: it is skipped, and only the other locales are checked.",
      hint: "did you mean 'fr-FR'? use one it knows, such as 'am-AM', 'ar-AE', 'ar-BH'.",
    },
    {
      code: 'FW1703', severity: 'error', file, line: 20, column: 3,
      message: "@IsPostalCode on member 'zip' of body class ContactDto names the locale 'XX', which validator.js does not know for it: every string sent would make the check throw (a 500), never a 400.",
      hint: "did you mean 'MX'? use one of validator.js's locales for it, such as 'US', 'DE', 'FR', or name 'any' for every locale.",
    },
    {
      code: 'FW1703', severity: 'error', file, line: 23, column: 3,
      message: "@IsTaxId on member 'taxId' of body class ContactDto names the locale 'de', which validator.js does not know for it: every string sent would make the check throw (a 500), never a 400.",
      hint: "did you mean 'de-DE'? use one of validator.js's locales for it, such as 'en-US', 'de-DE', 'fr-FR', or leave the locale out for 'en-US'.",
    },
    {
      code: 'FW1704', severity: 'error', file, line: 26, column: 3,
      message: "@IsPostalCode on member 'anyZip' of body class ContactDto names no locale, which validator.js needs for it: every string sent would make the check throw (a 500), never a 400.",
      hint: "use one it knows, such as 'any', 'AD', 'AT'.",
    },
  ]);
  assert.not.ok(result.ok);
});

test('FW1705: a literal options object (or a `const` holding one) validator.js would take other than written, at the decorator; fitting ones, validation options and options known only at run time are not reported', async () => {
  const result = await compileFixture('fw1705-options-object');
  const file = 'test/compiler/fixtures/fw1705-options-object/src/app.module.ts';
  assert.equal(result.diagnostics.map((d) => ({ ...golden(d), hint: d.hint })), [
    {
      code: 'FW1705', severity: 'error', file, line: 11, column: 3,
      message: "@IsStrongPassword on member 'password' of body class AccountDto passes the option 'minLenght', which validator.js's isStrongPassword does not read: it has no effect, so the rule checks something other than written.",
      hint: "did you mean 'minLength'? its options are 'minLength', 'minLowercase', 'minUppercase', 'minNumbers', 'minSymbols'.",
    },
    {
      code: 'FW1705', severity: 'error', file, line: 14, column: 3,
      message: "@IsStrongPassword on member 'pin' of body class AccountDto sets the option 'minLength' to '12', where validator.js's isStrongPassword takes a whole number of 0 or more: validator.js uses it as it comes, without a check, so the rule checks something other than written.",
      hint: "write a whole number of 0 or more (its default is 8).",
    },
    {
      code: 'FW1705', severity: 'error', file, line: 17, column: 3,
      message: "@IsStrongPassword on member 'passphrase' of body class AccountDto sets the option 'minLength' to -1, where validator.js's isStrongPassword takes a whole number of 0 or more: validator.js uses it as it comes, without a check, so the rule checks something other than written.",
      hint: "write a whole number of 0 or more (its default is 8).",
    },
    {
      code: 'FW1705', severity: 'error', file, line: 17, column: 3,
      message: "@IsStrongPassword on member 'passphrase' of body class AccountDto sets the option 'pointsPerUnique', which validator.js's isStrongPassword reads only to score a password (returnScore), which the rule never asks for: it has no effect, so the rule checks something other than written.",
      hint: "leave it out.",
    },
    {
      code: 'FW1705', severity: 'error', file, line: 17, column: 3,
      message: "@IsStrongPassword on member 'passphrase' of body class AccountDto sets the option 'returnScore' to true, with which validator.js's isStrongPassword returns a score, not a verdict: class-validator takes any score above 0 as a pass, so every string but the empty one passes, whatever the other options say.",
      hint: "leave it out.",
    },
    {
      code: 'FW1705', severity: 'error', file, line: 20, column: 3,
      message: "@IsIBAN on member 'iban' of body class AccountDto names the country code 'UK' in the option 'whitelist', which validator.js's isIBAN does not know: no value can pass the rule.",
      hint: "did you mean 'GB'? use one it knows, such as 'AD', 'AE', 'AL'.",
    },
    {
      code: 'FW1705', severity: 'error', file, line: 23, column: 3,
      message: "@IsCurrency on member 'price' of body class AccountDto sets the option 'parens_for_negatives', which validator.js's isCurrency does not read when allow_negatives is false: it has no effect, so the rule checks something other than written.",
      hint: "leave it out.",
    },
    {
      code: 'FW1705', severity: 'error', file, line: 23, column: 3,
      message: "@IsCurrency on member 'price' of body class AccountDto sets the option 'thousands_separator' to '', where validator.js's isCurrency takes one character: validator.js uses it as it comes, without a check, so the rule checks something other than written.",
      hint: "write one character (its default is ',').",
    },
    {
      code: 'FW1705', severity: 'error', file, line: 26, column: 3,
      message: "@IsISSN on member 'issn' of body class AccountDto sets the option 'require_hyphen' to 'yes', where validator.js's isISSN takes a boolean (true or false): validator.js uses it as it comes, without a check, so the rule checks something other than written.",
      hint: "write a boolean (true or false).",
    },
    {
      code: 'FW1705', severity: 'error', file, line: 29, column: 3,
      message: "@IsMobilePhone on member 'mobile' of body class AccountDto passes the option 'strict', which validator.js's isMobilePhone does not read: it has no effect, so the rule checks something other than written.",
      hint: "its options are 'strictMode'.",
    },
    {
      code: 'FW1705', severity: 'error', file, line: 32, column: 3,
      message: "@IsNumberString on member 'amount' of body class AccountDto names the locale 'xx' in the option 'locale', which validator.js's isNumeric does not know: its decimal separator becomes any letter of the text 'undefined'.",
      hint: "use one it knows, such as 'en-US', 'ar', 'en-AU'.",
    },
    {
      code: 'FW1705', severity: 'error', file, line: 35, column: 3,
      message: "@IsStrongPassword on member 'secret' of body class AccountDto passes the option 'minSymbol', which validator.js's isStrongPassword does not read: it has no effect, so the rule checks something other than written.",
      hint: "did you mean 'minSymbols'? its options are 'minLength', 'minLowercase', 'minUppercase', 'minNumbers', 'minSymbols'.",
    },
    {
      code: 'FW1705', severity: 'error', file, line: 38, column: 3,
      message: "@IsMACAddress on member 'mac48' of body class AccountDto names the EUI size '32' in the option 'eui', which validator.js's isMACAddress does not know: it is ignored, and both sizes pass.",
      hint: "use one it knows, such as '48', '64'.",
    },
    {
      code: 'FW1705', severity: 'error', file, line: 42, column: 3,
      message: "@IsStrongPassword on member 'passwords' of body class AccountDto passes the option 'each', which validator.js's isStrongPassword does not read: it has no effect, so the rule checks something other than written.",
      hint: "its options are 'minLength', 'minLowercase', 'minUppercase', 'minNumbers', 'minSymbols'; validation options such as 'each' come after them: @IsStrongPassword({}, { each: … }).",
    },
    {
      code: 'FW1705', severity: 'error', file, line: 46, column: 3,
      message: "@IsNumber on member 'balance' of body class AccountDto passes the option 'maxDecimalPlace', which class-validator's isNumber does not read: it has no effect, so the rule checks something other than written.",
      hint: "did you mean 'maxDecimalPlaces'? its options are 'allowNaN', 'allowInfinity', 'maxDecimalPlaces'.",
    },
    {
      code: 'FW1705', severity: 'error', file, line: 49, column: 3,
      message: "@IsNotEmptyObject on member 'settings' of body class AccountDto sets the option 'nullable' to 'no', where class-validator's isNotEmptyObject takes a boolean (true or false): class-validator uses it as it comes, without a check, so the rule checks something other than written.",
      hint: "write a boolean (true or false).",
    },
    {
      code: 'FW1701', severity: 'warning', file, line: 68, column: 3,
      message: "Body class LegacyDto is validated by class-validator at run time, not by a compiled validator: @IsStrongPassword on member 'password' cannot be compiled (its argument `runtimeRules()` is only known at run time).",
      hint: "its answers are the same, only slower, and class-validator is loaded at start; to compile it, use the decorators listed under \"Compiled validation\" in docs/validation.md with literal arguments (`--explain` lists every DTO and how it is validated).",
    },
  ]);
  assert.not.ok(result.ok);
});

test('FW1706: a DTO whose constructor (own, inherited or of a nested DTO) requires a parameter, at that parameter', async () => {
  const result = await compileFixture('fw1706-dto-constructor');
  const file = 'test/compiler/fixtures/fw1706-dto-constructor/src/app.module.ts';
  assert.equal(result.diagnostics.map(golden), [
    {
      code: 'FW1706', severity: 'warning', file, line: 6, column: 15,
      message: "DTO class Line is made with `new Line()` for every request (as class-transformer makes it), but its constructor requires 'line': it gets undefined, and a constructor that reads it fails every request with a 500.",
    },
    {
      code: 'FW1706', severity: 'warning', file, line: 12, column: 15,
      message: "DTO class CreateNote is made with `new CreateNote()` for every request (as class-transformer makes it), but the constructor it inherits from Entity requires 'props': it gets undefined, and a constructor that reads it fails every request with a 500.",
    },
  ]);
  assert.is(result.diagnostics[1]!.hint, "make 'props' optional (`props?: …`) or give it a default value, or remove the constructor of Entity: the framework fills the members after construction.");
});

test.run();
