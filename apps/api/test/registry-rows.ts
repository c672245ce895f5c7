/** Small registry files in the Ministry's layout, for the tests of the owner's pharmacy (decision 048). */
import { REGISTRY_COLUMNS } from '../src/modules/pharmacies/registry-file';

export interface TRegistryRowInput {
  code: string;
  name: string;
  address?: string;
  comune?: string;
  sigla?: string;
  vat?: string;
  frazione?: string;
  /** DD/MM/YYYY: a pharmacy closed on that day ('-', the default, is open). */
  end?: string;
}

/** A registry file with these rows and nothing else. */
export function registryFile(rows: TRegistryRowInput[]): string {
  const lines = rows.map((row) => {
    const values: Record<(typeof REGISTRY_COLUMNS)[number], string> = {
      cod_farmacia: row.code,
      cod_farmacia_asl: '301',
      indirizzo: row.address ?? 'VIA TORINO 5',
      descrizione_farmacia: row.name,
      p_iva: row.vat ?? '',
      cap: '20123',
      cod_comune: '015146',
      comune: row.comune ?? 'MILANO',
      frazione: row.frazione ?? '',
      cod_provincia: '015',
      sigla_provincia: row.sigla ?? 'MI',
      provincia: row.sigla ?? 'MI',
      cod_regione: '030',
      regione: 'LOMBARDIA',
      data_inizio_validita: '01/01/2001',
      data_fine_validita: row.end ?? '-',
      descrizione_tipologia: 'Ordinaria',
      codice_tipologia: '1',
      latitudine: '45,464211',
      longitudine: '9,191383',
      localizzazione: '',
    };
    return REGISTRY_COLUMNS.map((column) => values[column]).join(';');
  });
  return `${[REGISTRY_COLUMNS.join(';'), ...lines].join('\r\n')}\r\n`;
}
