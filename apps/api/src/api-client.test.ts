/**
 * A client generated from the served OpenAPI document (docs/decisions/053): openapi-typescript writes its types, the
 * TypeScript compiler checks two calls with them, one without login (an offer's public page) and one logged in (the
 * user's details). A wrong type in the document fails here: each call also names a field the way the answer does not
 * (`@ts-expect-error`), and a directive left with nothing to expect is itself an error.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/helpers';

const t = useTestApp();
const directory = mkdtempSync(join(tmpdir(), 'farmaponte-api-client-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** The two calls a client makes, typed only by the generated `operations`. */
const CLIENT = `import type { operations } from './schema';

declare function fetch(url: string, init?: { headers: Record<string, string> }): Promise<{ json(): Promise<unknown> }>;

type Json<Op extends keyof operations> = operations[Op]['responses'] extends {
  200: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;
type PathOf<Op extends keyof operations> = operations[Op]['parameters']['path'];

export async function offerTitle(id: number): Promise<string> {
  const path: PathOf<'getPublicOffer'> = { id };
  const offer = (await (await fetch(\`/api/offers/\${path.id}/\`)).json()) as Json<'getPublicOffer'>;
  const pay: number | null = offer.hourly_pay;
  // @ts-expect-error an offer's public page names its pharmacy, never the owner's e-mail
  offer.email;
  // @ts-expect-error the id is a number, not text
  const wrongId: string = offer.id;
  return \`\${offer.title} \${pay} \${offer.positions} \${wrongId}\`;
}

export async function myUsername(token: string): Promise<string> {
  const init = { headers: { authorization: \`Bearer \${token}\` } };
  const details = (await (await fetch('/api/user/details/', init)).json()) as Json<'getMyDetails'>;
  const confirmed: boolean = details.email_verified;
  // @ts-expect-error email_verified is true or false, not text
  const wrongConfirmed: string = details.email_verified;
  return \`\${details.username} \${details.profile.name} \${confirmed} \${wrongConfirmed}\`;
}
`;

/** The compiler's complaints about `files` (written to `directory`), one line each, by file name. */
function typeErrors(files: Record<string, string>): string[] {
  for (const [name, text] of Object.entries(files)) writeFileSync(join(directory, name), text);
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts'],
    types: [],
  };
  const program = ts.createProgram(
    Object.keys(files).map((name) => join(directory, name)),
    options,
  );
  return ts
    .getPreEmitDiagnostics(program)
    .map(
      (diagnostic) =>
        `${basename(diagnostic.file?.fileName ?? '')}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`,
    );
}

describe('a client generated from /api/docs/json', () => {
  it('types a public call and a logged-in one as the answers are, and refuses a wrong field', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(document.servers).toEqual([{ url: 'http://farmaponte.test' }]);
    expect(document.paths['/api/offers/{id}/'].get).toMatchObject({ operationId: 'getPublicOffer', security: [] });
    expect(document.paths['/api/user/details/'].get).toMatchObject({ operationId: 'getMyDetails', security: [{ bearer: [] }] });

    const schema = astToString(await openapiTS(document));
    // Beside the client, the same calls with a field the document does not have: an error, not an any.
    const wrong = CLIENT.replace('details.profile.name', 'details.profile.nome');
    expect(typeErrors({ 'schema.ts': schema, 'client.ts': CLIENT, 'wrong.ts': wrong })).toEqual([
      expect.stringMatching(/^wrong\.ts: Property 'nome' does not exist/),
    ]);
  });
});

describe('the documented answers', () => {
  it('are the real ones: health answers 400 to a query with control characters, as every route does', async () => {
    for (const url of ['/api/health/?probe=%01', '/api/health/live?probe=%01']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalid_characters' });
    }
  });
});
