import { InvalidParameterException } from '../exceptions/request-exceptions.js';
import { asBoolean, asDate, asNumber, asString, type Converter } from './convert.js';
import type { ArgumentMetadata, PipeTransform } from './pipes.js';
import { MAX_QUERY_VALUES } from './query-values.js';

/** What `ParseArrayPipe` may convert each item to: the constructor names the type, as in NestJS. */
export type ArrayItems = StringConstructor | NumberConstructor | BooleanConstructor | DateConstructor;

/** The item type an `ArrayItems` constructor stands for. */
export type ArrayItemOf<I extends ArrayItems> = I extends NumberConstructor ? number : I extends BooleanConstructor ? boolean : I extends DateConstructor ? Date : string;

export interface ParseArrayOptions<I extends ArrayItems = StringConstructor, O extends boolean = false> {
  /** Each item's type, converted as a parameter of that type is (`Number`: `asNumber`); `String` when absent. */
  readonly items?: I;
  /** Where one value is cut into items; `','` when absent, `''` keeps each value whole. */
  readonly separator?: string;
  /** An absent key gives `undefined` instead of a 400 "is required". */
  readonly optional?: O;
}

const CONVERTERS = new Map<ArrayItems, Converter<unknown>>([
  [String, asString],
  [Number, asNumber],
  [Boolean, asBoolean],
  [Date, asDate],
]);

/**
 * A list from a query key, as NestJS's `ParseArrayPipe` reads one: each value is cut at the
 * separator (`?ids=1,2` → `['1', '2']`), and on a `@Query(name)` declared as an array the pipe is
 * given every value of a repeated key (`?ids=1&ids=2,3` → `['1', '2', '3']`). Each item is
 * converted to `items`; a bad one is a 400 naming the key and the item's index (`ids[2]`). More
 * than `MAX_QUERY_VALUES` items is a 400 naming the key, so the work stays bounded by the cap
 * whatever the URL's length. On a path parameter it cuts the one text.
 *
 * @example
 * @Get() list(@Query('ids', new ParseArrayPipe({ items: Number })) ids: number[]) {}
 * // ?ids=1,2&ids=3 → [1, 2, 3]; ?ids=1,x → 400 "Query parameter 'ids[1]' must be a number, got 'x'"
 */
export class ParseArrayPipe<I extends ArrayItems = StringConstructor, O extends boolean = false>
  implements PipeTransform<string | readonly string[] | undefined, O extends true ? ArrayItemOf<I>[] | undefined : ArrayItemOf<I>[]>
{
  private readonly convert: Converter<unknown>;
  private readonly separator: string;
  private readonly optional: boolean;

  constructor(options: ParseArrayOptions<I, O> = {}) {
    this.convert = CONVERTERS.get(options.items ?? String) ?? asString;
    this.separator = options.separator ?? ',';
    this.optional = options.optional === true;
  }

  transform(value: string | readonly string[] | undefined, metadata: ArgumentMetadata): O extends true ? ArrayItemOf<I>[] | undefined : ArrayItemOf<I>[] {
    type Out = O extends true ? ArrayItemOf<I>[] | undefined : ArrayItemOf<I>[];
    const { data: name, type: place } = metadata;
    if (value === undefined) {
      if (this.optional) return undefined as Out;
      throw new InvalidParameterException(name, place, 'is required');
    }
    const texts: string[] = [];
    for (const text of typeof value === 'string' ? [value] : value) {
      // A split limited to one more than the room left: a long value is not cut into more pieces than the cap allows.
      const room = MAX_QUERY_VALUES + 1 - texts.length;
      for (const item of this.separator === '' ? [text] : text.split(this.separator, room)) texts.push(item);
      if (texts.length > MAX_QUERY_VALUES) throw new InvalidParameterException(name, place, `has more than the ${MAX_QUERY_VALUES} values one key may have`);
    }
    const items = new Array<unknown>(texts.length);
    for (let i = 0; i < texts.length; i++) items[i] = this.convert(texts[i], `${name}[${i}]`, place);
    return items as Out;
  }
}
