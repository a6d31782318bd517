/**
 * `@framework/core/validators`: class-validator's decorators, under the same names and signatures,
 * without loading class-validator. A DTO file importing its decorators from here costs nothing at
 * start when every DTO is compiled (`framework-build` reads these decorators exactly as
 * class-validator's); class-validator itself (about 150 ms to load: it imports validator.js whole
 * and libphonenumber) is imported only when some DTO is validated by it, and the decorations
 * recorded here are then applied to it, in their order, before it validates anything.
 *
 * @example
 * import { IsHexColor, IsNumber, IsString } from '@framework/core/validators';
 * export class CreateTodoDto {
 *   @IsString() name!: string;
 *   @IsNumber() priority!: number;
 *   @IsHexColor() colorLabel!: string;
 * }
 */
import type * as ClassValidator from 'class-validator';

type Decorators = typeof ClassValidator;

interface Decoration {
  readonly name: string;
  readonly args: readonly unknown[];
  readonly target: object;
  readonly property: string | symbol;
}

const recorded: Decoration[] = [];
/** class-validator, once it is loaded: decorations then go straight to it. */
let live: Decorators | undefined;

function apply(module: Decorators, { name, args, target, property }: Decoration): void {
  const factory = module[name as keyof Decorators] as (...a: unknown[]) => PropertyDecorator;
  factory(...args)(target, property);
}

function recorder<N extends keyof Decorators>(name: N): Decorators[N] {
  return ((...args: unknown[]) =>
    (target: object, property: string | symbol) => {
      const decoration = { name, args, target, property };
      if (live) apply(live, decoration);
      else recorded.push(decoration);
    }) as unknown as Decorators[N];
}

/**
 * Loads class-validator and applies every decoration recorded so far to it (later ones go to it
 * directly). Called by the framework before class-validator validates a DTO.
 */
export async function loadClassValidator(): Promise<void> {
  if (live) return;
  const module = (await import('class-validator')) as Decorators;
  if (!live) {
    live = module;
    for (const decoration of recorded.splice(0)) apply(module, decoration);
  }
}

export const Allow = recorder('Allow');
export const ArrayContains = recorder('ArrayContains');
export const ArrayMaxSize = recorder('ArrayMaxSize');
export const ArrayMinSize = recorder('ArrayMinSize');
export const ArrayNotContains = recorder('ArrayNotContains');
export const ArrayNotEmpty = recorder('ArrayNotEmpty');
export const ArrayUnique = recorder('ArrayUnique');
export const Contains = recorder('Contains');
export const Equals = recorder('Equals');
export const IsAlpha = recorder('IsAlpha');
export const IsAlphanumeric = recorder('IsAlphanumeric');
export const IsArray = recorder('IsArray');
export const IsAscii = recorder('IsAscii');
export const IsBase32 = recorder('IsBase32');
export const IsBase58 = recorder('IsBase58');
export const IsBase64 = recorder('IsBase64');
export const IsBIC = recorder('IsBIC');
export const IsBoolean = recorder('IsBoolean');
export const IsBooleanString = recorder('IsBooleanString');
export const IsBtcAddress = recorder('IsBtcAddress');
export const IsByteLength = recorder('IsByteLength');
export const IsCreditCard = recorder('IsCreditCard');
export const IsCurrency = recorder('IsCurrency');
export const IsDataURI = recorder('IsDataURI');
export const IsDate = recorder('IsDate');
export const IsDateString = recorder('IsDateString');
export const IsDecimal = recorder('IsDecimal');
export const IsDefined = recorder('IsDefined');
export const IsDivisibleBy = recorder('IsDivisibleBy');
export const IsEAN = recorder('IsEAN');
export const IsEmail = recorder('IsEmail');
export const IsEmpty = recorder('IsEmpty');
export const IsEnum = recorder('IsEnum');
export const IsEthereumAddress = recorder('IsEthereumAddress');
export const IsFirebasePushId = recorder('IsFirebasePushId');
export const IsFQDN = recorder('IsFQDN');
export const IsFullWidth = recorder('IsFullWidth');
export const IsHalfWidth = recorder('IsHalfWidth');
export const IsHash = recorder('IsHash');
export const IsHexadecimal = recorder('IsHexadecimal');
export const IsHexColor = recorder('IsHexColor');
export const IsHSL = recorder('IsHSL');
export const IsIBAN = recorder('IsIBAN');
export const IsIdentityCard = recorder('IsIdentityCard');
export const IsIn = recorder('IsIn');
export const IsInt = recorder('IsInt');
export const IsIP = recorder('IsIP');
export const IsISBN = recorder('IsISBN');
export const IsISIN = recorder('IsISIN');
export const IsISO31661Alpha2 = recorder('IsISO31661Alpha2');
export const IsISO31661Alpha3 = recorder('IsISO31661Alpha3');
export const IsISO31661Numeric = recorder('IsISO31661Numeric');
export const IsISO4217CurrencyCode = recorder('IsISO4217CurrencyCode');
export const IsISO6391 = recorder('IsISO6391');
export const IsISO8601 = recorder('IsISO8601');
export const IsISRC = recorder('IsISRC');
export const IsISSN = recorder('IsISSN');
export const IsJSON = recorder('IsJSON');
export const IsJWT = recorder('IsJWT');
export const IsLatitude = recorder('IsLatitude');
export const IsLatLong = recorder('IsLatLong');
export const IsLocale = recorder('IsLocale');
export const IsLongitude = recorder('IsLongitude');
export const IsLowercase = recorder('IsLowercase');
export const IsMACAddress = recorder('IsMACAddress');
export const IsMagnetURI = recorder('IsMagnetURI');
export const IsMilitaryTime = recorder('IsMilitaryTime');
export const IsMimeType = recorder('IsMimeType');
export const IsMobilePhone = recorder('IsMobilePhone');
export const IsMongoId = recorder('IsMongoId');
export const IsMultibyte = recorder('IsMultibyte');
export const IsNegative = recorder('IsNegative');
export const IsNotEmpty = recorder('IsNotEmpty');
export const IsNotEmptyObject = recorder('IsNotEmptyObject');
export const IsNotIn = recorder('IsNotIn');
export const IsNumber = recorder('IsNumber');
export const IsNumberString = recorder('IsNumberString');
export const IsObject = recorder('IsObject');
export const IsOctal = recorder('IsOctal');
export const IsOptional = recorder('IsOptional');
export const IsPassportNumber = recorder('IsPassportNumber');
export const IsPhoneNumber = recorder('IsPhoneNumber');
export const IsPort = recorder('IsPort');
export const IsPositive = recorder('IsPositive');
export const IsPostalCode = recorder('IsPostalCode');
export const IsRFC3339 = recorder('IsRFC3339');
export const IsRgbColor = recorder('IsRgbColor');
export const IsSemVer = recorder('IsSemVer');
export const IsString = recorder('IsString');
export const IsStrongPassword = recorder('IsStrongPassword');
export const IsSurrogatePair = recorder('IsSurrogatePair');
export const IsTaxId = recorder('IsTaxId');
export const IsTimeZone = recorder('IsTimeZone');
export const IsUppercase = recorder('IsUppercase');
export const IsUrl = recorder('IsUrl');
export const IsUUID = recorder('IsUUID');
export const IsVariableWidth = recorder('IsVariableWidth');
export const Length = recorder('Length');
export const Matches = recorder('Matches');
export const Max = recorder('Max');
export const MaxDate = recorder('MaxDate');
export const MaxLength = recorder('MaxLength');
export const Min = recorder('Min');
export const MinDate = recorder('MinDate');
export const MinLength = recorder('MinLength');
export const NotContains = recorder('NotContains');
export const NotEquals = recorder('NotEquals');
export const Validate = recorder('Validate');
export const ValidateIf = recorder('ValidateIf');
export const ValidateNested = recorder('ValidateNested');
