import { MalformedBodyException, NotValidBodyException, type ValidationReason } from '../exceptions/request-exceptions.js';
import type { DtoEntry } from '../contract/tables.js';
import { isPlainObject, jsonKindOf } from './compiled/instance.js';
import { CappedReasons, cappedReasons, moreReasons, STOPPED } from './reason-cap.js';

/**
 * The body entry of `@Body() items: ItemDto[]`: the DTO's own entry, marked `array`, so every
 * place that takes a DTO entry (the route table's `body`, the validators chosen at init) takes it,
 * and the entry's `validate` still says whether the DTO's rules are compiled.
 */
export interface DtoArrayEntry extends DtoEntry {
  /** The body is a JSON array, each element validated as the DTO. */
  readonly array: true;
}

/**
 * The body entry of a JSON array of a DTO, for the route tables: `body: arrayOf($ItemDto)` for
 * `@Body() items: ItemDto[]`.
 *
 * @example
 * const body = arrayOf($ItemDto); // body.array === true, body.validate === $ItemDto.validate
 */
export function arrayOf(items: DtoEntry): DtoArrayEntry {
  return { ...items, array: true };
}

/** Whether a body entry is a JSON array of its DTO (`arrayOf`). */
export const isArrayEntry = (entry: object): entry is DtoArrayEntry => (entry as Partial<DtoArrayEntry>).array === true;

/** The 400 for an array body that is not a JSON array, whichever validator runs. */
export function notAnArray(entry: DtoEntry, value: unknown): MalformedBodyException {
  return new MalformedBodyException(`Request body must be a JSON array of ${entry.dto.name}, got ${jsonKindOf(value)}`);
}

/**
 * The compiled check of an array body (see `BodyCheck`): each element validated by the DTO's
 * compiled validator, with the same whitelisting and instances as a DTO body; undefined when the
 * DTO stays on class-validator. Reasons name the element, as NestJS's `ParseArrayPipe` does
 * (`[2] name must be a string`, property `2.name`); at most `maxReasons` of them, over all
 * elements: checking stops at the cap, so a long array of bad elements costs `maxReasons` checks.
 * Linear in the elements; their count is bounded by the body limit and `maxBodyValues`.
 *
 * @example
 * const check = arrayCheckFor(arrayOf($ItemDto), 50); // at init
 * const items = check([{ name: 'a' }, { name: 1 }], reasons); // reasons: [{ property: '1.name', errorMessage: '[1] name must be a string', … }]
 */
export function arrayCheckFor(entry: DtoArrayEntry, maxReasons: number): ((value: unknown, reasons: ValidationReason[]) => object) | undefined {
  const compiled = entry.validate;
  if (!compiled) return undefined;
  const capped = new CappedReasons(maxReasons);
  return (value, reasons) => {
    if (!Array.isArray(value)) throw notAnArray(entry, value);
    const items = new Array<object>(value.length);
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const from = reasons.length;
      if (isPlainObject(item)) {
        items[i] = capped.run(compiled, item, reasons);
      } else if (from < maxReasons) {
        reasons.push(notAnObjectReason(entry, item));
      } else {
        reasons.push(moreReasons(maxReasons));
      }
      // A full list ends with the reason that says checking stopped: it names no element.
      const full = reasons.length > maxReasons;
      nameElement(reasons, from, full ? reasons.length - 1 : reasons.length, i);
      if (full) return STOPPED;
    }
    return items;
  };
}

/** What validates one JSON object and pushes its reasons (uncapped): class-validator's `DtoValidator`. */
export interface ElementValidator {
  check(value: Record<string, unknown>, reasons: ValidationReason[]): Promise<object>;
}

/**
 * An array body validated by class-validator, element after element (the compiled check's
 * reasons, in the same order): the array of instances, or a thrown 400. Checking stops, as the
 * compiled check's does, once an element brings the reasons past `maxReasons`.
 *
 * @example
 * const items = await validateEach(new DtoValidator($LineDto), arrayOf($LineDto), body, 50);
 */
export async function validateEach(validator: ElementValidator, entry: DtoArrayEntry, value: unknown, maxReasons: number): Promise<object> {
  if (!Array.isArray(value)) throw notAnArray(entry, value);
  const items = new Array<object>(value.length);
  const reasons: ValidationReason[] = [];
  const listed = (): ValidationReason[] => cappedReasons(Math.min(reasons.length, maxReasons), (r) => reasons[r]!, maxReasons);
  for (let i = 0; i < value.length; i++) {
    const item: unknown = value[i];
    const from = reasons.length;
    if (isPlainObject(item)) items[i] = await validator.check(item, reasons);
    else reasons.push(notAnObjectReason(entry, item));
    if (reasons.length > from) nameElement(reasons, from, reasons.length, i);
    if (reasons.length > maxReasons) throw new NotValidBodyException([...listed(), moreReasons(maxReasons)]);
  }
  if (reasons.length > 0) throw new NotValidBodyException(listed());
  return items;
}

/** An element that is not a JSON object: one reason, as a member of the wrong type is. */
const notAnObjectReason = (entry: DtoEntry, item: unknown): ValidationReason => ({
  property: '',
  errorMessage: `item must be a JSON object matching ${entry.dto.name}, got ${jsonKindOf(item)}`,
  constraints: [],
});

/** Reasons `from`…`to` (exclusive) are element `index`'s: its index leads their property and message. */
function nameElement(reasons: ValidationReason[], from: number, to: number, index: number): void {
  for (let r = from; r < to; r++) {
    const reason = reasons[r]!;
    reasons[r] = { ...reason, property: reason.property === '' ? String(index) : `${index}.${reason.property}`, errorMessage: `[${index}] ${reason.errorMessage}` };
  }
}
