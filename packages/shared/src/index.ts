export * from './dates';
export * from './limits';
export * from './messages';
export * from './offer-text';
export * from './places';
export * from './profile-fields';
export * from './schemas/account';
export * from './schemas/admin';
export * from './schemas/applications';
export * from './schemas/auth';
export * from './schemas/common';
export * from './schemas/cv';
export * from './schemas/geo';
export * from './schemas/notifications';
export * from './schemas/offers';
export * from './schemas/search';
export * from './ui-text';

import { z } from 'zod';

// zod's own messages (wrong types, missing objects) in Italian too, on the server and in the browser.
z.config(z.locales.it());
