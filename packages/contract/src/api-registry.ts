import { collectEndpoints, type AnyEndpoint } from './common/endpoint.ts';
import { catalogApi } from './catalog/catalog.api.ts';
import { contentApi } from './content/content.api.ts';
import { identityApi } from './identity/identity.api.ts';
import { masterdataApi } from './masterdata/masterdata.api.ts';
import { operationsApi } from './operations/operations.api.ts';
import { promotionApi } from './promotion/promotion.api.ts';

/** Every domain's API descriptors: the server serves exactly these, the OpenAPI document and the web client read them. */
export const API = { catalog: catalogApi, identity: identityApi, content: contentApi, masterdata: masterdataApi, promotion: promotionApi, operations: operationsApi };

/** Every endpoint of the API, each once. */
export const ENDPOINTS: readonly AnyEndpoint[] = collectEndpoints(API);
