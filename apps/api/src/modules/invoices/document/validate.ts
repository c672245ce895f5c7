/**
 * An invoice's XML checked against the project's copy of the FatturaPA 1.2.2 schema (schema/, from the Agenzia delle
 * Entrate, see NOTICE.md) with xmllint-wasm, libxml2's validator in WebAssembly: nothing is fetched at run time. The
 * schema imports the W3C XML-DSig schema by its web address; the copy beside it is given to xmllint under a local name
 * and the import is pointed at that name as the schema is read, so the stored file stays byte for byte the official one.
 */
import { readFile } from 'node:fs/promises';
import { validateXML, type XMLFileInfo } from 'xmllint-wasm';
import { apiPath } from '../../../lib/api-root';

/** The schemas ship in src/, which the build in dist/ reads too (lib/api-root.ts). */
const SCHEMA_DIR = apiPath('src/modules/invoices/document/schema');
const MAIN = 'Schema_del_file_xml_FatturaPA_v1.2.2.xsd';
const DSIG = 'xmldsig-core-schema.xsd';
const DSIG_URL = 'http://www.w3.org/TR/2002/REC-xmldsig-core-20020212/xmldsig-core-schema.xsd';

type TSchemas = { schema: XMLFileInfo; preload: XMLFileInfo };

let loaded: Promise<TSchemas> | undefined;

/** The two schemas, read once per process. */
function schemas(): Promise<TSchemas> {
  loaded ??= (async () => {
    const [main, dsig] = await Promise.all([
      readFile(`${SCHEMA_DIR}/${MAIN}`, 'utf8'),
      readFile(`${SCHEMA_DIR}/${DSIG}`, 'utf8'),
    ]);
    const local = main.replace(`schemaLocation="${DSIG_URL}"`, `schemaLocation="${DSIG}"`);
    if (local === main) throw new Error(`${MAIN} no longer imports ${DSIG_URL}`);
    return { schema: { fileName: MAIN, contents: local }, preload: { fileName: DSIG, contents: dsig } };
  })();
  loaded.catch(() => {
    loaded = undefined;
  });
  return loaded;
}

/** Whether `xml` is a valid FatturaPA file, with xmllint's messages (each naming the element) when it is not. */
export async function validateFatturaPa(xml: string): Promise<{ valid: boolean; errors: string[] }> {
  const { schema, preload } = await schemas();
  const result = await validateXML({ xml: [{ fileName: 'fattura.xml', contents: xml }], schema: [schema], preload: [preload] });
  return { valid: result.valid, errors: result.errors.map((error) => error.message) };
}
