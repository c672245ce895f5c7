/**
 * The professional file's form checked by the schema the API reads (decision 093): the codice fiscale's shape and
 * check character, the partita IVA, the dates, the cover and the credits, each with its message on its field. Whether
 * the codice fiscale agrees with her name and birth is the server's to say (it reads her profile). Loaded on demand.
 */
import { ZProfessionalFileInputSchema } from '@farmaponte/shared/professional-file';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import { filePayload, type TFileFormValues, type TFilePayload } from './file-form-values';

const validate = zodResolver(ZProfessionalFileInputSchema) as unknown as Resolver<FieldValues, unknown, TFilePayload>;

/** What will be sent (figures read as numbers, the codice fiscale in capitals), checked; the errors on the form's fields. */
export const fileResolver: Resolver<TFileFormValues, unknown, TFilePayload> = (values, context, options) =>
  validate(filePayload(values) as FieldValues, context, options as never) as ReturnType<
    Resolver<TFileFormValues, unknown, TFilePayload>
  >;
