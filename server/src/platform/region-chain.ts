import { badRequest } from './errors.ts';

/**
 * A store's regency must lie in its province, its district in its regency, its village in its district. Kemendagri codes
 * nest by prefix (11 → 11.01 → 11.01.01 → 11.01.01.2001), so the chain is checked on the codes; that each code exists
 * is checked by the resource's references.
 */
export function checkRegionChain(body: Record<string, unknown>): void {
  const province = body.province_code as string | undefined;
  const regency = body.regency_code as string | undefined;
  const district = body.district_code as string | null | undefined;
  const village = body.village_code as string | null | undefined;
  const fail = (path: string, message: string) => badRequest(message, [{ path, message }]);
  if (province && regency && !regency.startsWith(`${province}.`)) throw fail('regency_code', 'The regency / city is not in the chosen province');
  if (regency && district && !district.startsWith(`${regency}.`)) throw fail('district_code', 'The district is not in the chosen regency / city');
  if (district && village && !village.startsWith(`${district}.`)) throw fail('village_code', 'The village is not in the chosen district');
  if (village && !district) throw fail('district_code', 'Choose the district of the village');
}
