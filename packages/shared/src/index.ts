export * from './dates';
export * from './italian-figures';
export * from './limits';
export * from './map-grid';
export * from './messages';
export * from './offer-text';
export * from './places';
export * from './profile-fields';
export * from './schemas/account';
export * from './schemas/admin';
export * from './schemas/albo';
export * from './schemas/applications';
export * from './schemas/audit';
export * from './schemas/auth';
export * from './schemas/common';
export * from './schemas/cv';
export * from './schemas/data-export';
export * from './schemas/email-verification';
export * from './schemas/geo';
export * from './schemas/notifications';
export * from './schemas/offers';
export * from './schemas/pharmacies';
export * from './schemas/reports';
export * from './schemas/retention';
export * from './schemas/search';
export * from './schemas/shifts';
export * from './schemas/two-factor';
export * from './schemas/verifications';
export * from './shift-messages';
export * from './ui-text';
export * from './working-days';

import { useItalianZodMessages } from './zod-messages';

// zod's own messages (wrong types, missing fields, sizes) in plain Italian too, on the server and in the browser.
useItalianZodMessages();
