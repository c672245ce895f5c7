/**
 * Many shifts at once (decision 090): the days, the schemas and the answers' messages, imported as
 * `@farmaponte/shared/bulk-offers` and not through the index, so only the page that publishes many shifts carries them.
 */
import { useItalianZodMessages } from './zod-messages';

export * from './bulk-days';
export * from './messages-bulk-offers';
export * from './schemas/bulk-offers';

useItalianZodMessages();
