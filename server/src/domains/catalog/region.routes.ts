import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  districtListQuery,
  districtRow,
  envelope,
  listEnvelope,
  provinceListQuery,
  provinceRow,
  regencyListQuery,
  regencyRow,
  villageCodeParam,
  villageDetail,
  villageListQuery,
  villageRow,
} from '@portal/contract';
import type { RegionService } from './region.service.ts';

/** Reference data for address dropdowns everywhere: any signed-in user may read it. */
const config = { permission: 'authenticated' as const };
const tags = ['regions'];

export function registerRegionRoutes(app: FastifyInstance, regions: RegionService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/v1/provinces', {
    config,
    schema: { tags, summary: 'Provinces', querystring: provinceListQuery, response: { 200: listEnvelope(provinceRow) } },
    handler: async (req) => ({ message: 'Success', data: await regions.provinces(req.query) }),
  });
  r.get('/api/v1/regencies', {
    config,
    schema: { tags, summary: 'Regencies and cities, optionally of one province', querystring: regencyListQuery, response: { 200: listEnvelope(regencyRow) } },
    handler: async (req) => ({ message: 'Success', data: await regions.regencies(req.query) }),
  });
  r.get('/api/v1/districts', {
    config,
    schema: { tags, summary: 'Districts (kecamatan), optionally of one regency', querystring: districtListQuery, response: { 200: listEnvelope(districtRow) } },
    handler: async (req) => ({ message: 'Success', data: await regions.districts(req.query) }),
  });
  r.get('/api/v1/villages', {
    config,
    schema: {
      tags,
      summary: 'Villages (kelurahan/desa) of one district, or found by a search of at least 3 characters',
      querystring: villageListQuery,
      response: { 200: listEnvelope(villageRow) },
    },
    handler: async (req) => ({ message: 'Success', data: await regions.villages(req.query) }),
  });
  r.get('/api/v1/villages/:code', {
    config,
    schema: { tags, summary: 'One village with its district, regency and province', params: villageCodeParam, response: { 200: envelope(villageDetail) } },
    handler: async (req) => ({ message: 'Success', data: await regions.village(req.params.code) }),
  });
}
