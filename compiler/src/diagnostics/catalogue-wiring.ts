import type { Entry } from './catalogue.js';

/**
 * FW23xx: wiring mistakes of the newer capabilities that type-check and fail silently at run time:
 * an option decorator no layer reads, a layer that cannot act where it is applied, a pipe whose
 * output contradicts its parameter, a configuration schema the environment cannot fill. Spread
 * into the catalogue (`catalogue.ts`), whose conventions hold here.
 *
 * @example
 * diagnostic('FW2301', decorator.location, { decorator: '@Timeout(200)', owner: 'ReportController.build', layer: 'TimeoutInterceptor', … });
 */
export const wiringCatalogue = {} satisfies Record<string, Entry>;
