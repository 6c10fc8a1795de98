import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { runOperation, type OperationRunner } from '../../platform/rest/bridge.js';
import { defineRoute } from '../../platform/rest/catalog.js';
import { sendLegacyError } from '../../platform/rest/errors.js';
import { riskApi } from './api.js';
import { graphql } from '../../platform/rest/generated/index.js';

// Aliases give the legacy snake_case names straight from the GraphQL result.
const WILDFIRE = graphql(`
  query WildfireRisk($zip: String!) {
    risk: wildfireRisk(zip: $zip) {
      zip_code: zipCode
      coordinates {
        latitude
        longitude
      }
      risk_level: riskLevel
      risk_score: riskScore
      recent_fires: recentFires
      vegetation_risk: vegetationRisk
      weather_risk: weatherRisk
      last_updated: lastUpdated
      components {
        fire_activity: fireActivity
        vegetation
        weather
      }
      data_status: dataStatus {
        fire
      }
    }
  }
`);

const EARTHQUAKE = graphql(`
  query EarthquakeRisk($zip: String!) {
    risk: earthquakeRisk(zip: $zip) {
      zip_code: zipCode
      coordinates {
        latitude
        longitude
      }
      risk_level: riskLevel
      risk_score: riskScore
      recent_earthquakes: recentEarthquakes
      max_magnitude: maxMagnitude
      fault_distance: faultDistance
      last_updated: lastUpdated
      components {
        seismic_activity: seismicActivity
        magnitude
        fault_proximity: faultProximity
      }
      data_status: dataStatus {
        seismic
      }
    }
  }
`);

// A repeated parameter arrives as an array: not a ZIP code, which the lookup then says.
const ZipQuery = z.object({
  zip: z.preprocess(
    (zip) => (zip === '' ? undefined : Array.isArray(zip) ? String(zip) : zip),
    z.string({ error: 'ZIP code parameter is required' }).describe('5-digit US ZIP code'),
  ),
});
const ErrorBody = z.object({ error: z.string() });
const Level = z.enum(['Low', 'Medium', 'High']);
const Status = z.enum(['live', 'cached', 'unavailable']);
const Coordinates = z.object({ latitude: z.number(), longitude: z.number() });

const WildfireBody = z.object({
  zip_code: z.string(),
  coordinates: Coordinates,
  risk_level: Level,
  risk_score: z.number().int(),
  recent_fires: z.number().int().nullable(),
  vegetation_risk: Level,
  weather_risk: Level,
  last_updated: z.string(),
  components: z.object({ fire_activity: z.number(), vegetation: z.number(), weather: z.number() }),
  data_status: z.object({ fire: Status }),
});

const EarthquakeBody = z.object({
  zip_code: z.string(),
  coordinates: Coordinates,
  risk_level: Level,
  risk_score: z.number().int(),
  recent_earthquakes: z.number().int().nullable(),
  max_magnitude: z.number().nullable(),
  fault_distance: z.string(),
  last_updated: z.string(),
  components: z.object({ seismic_activity: z.number(), magnitude: z.number(), fault_proximity: z.number() }),
  data_status: z.object({ seismic: Status }),
});

const errorResponses = {
  400: { description: 'ZIP code parameter is required / Invalid ZIP code format', schema: ErrorBody },
  404: { description: 'Invalid ZIP code (unknown)', schema: ErrorBody },
  503: {
    description: 'Upstream service unavailable (the ZIP is unknown to the embedded data and the geocoder is down)',
    schema: ErrorBody,
  },
};

/** The legacy ZIP risk API, at its unversioned paths and under /api/v1. */
export function registerRiskRoutes(app: FastifyInstance, runner: OperationRunner): void {
  const kinds: Array<{
    name: string;
    document: TypedDocumentNode<{ risk: object }, { zip: string }>;
    body: z.ZodType;
  }> = [
    { name: 'wildfire', document: WILDFIRE, body: WildfireBody },
    { name: 'earthquake', document: EARTHQUAKE, body: EarthquakeBody },
  ];
  for (const prefix of ['/api', '/api/v1']) {
    for (const kind of kinds) {
      defineRoute(
        app,
        {
          method: 'GET',
          path: `${prefix}/risk/${kind.name}`,
          summary: `${kind.name === 'wildfire' ? 'Wildfire' : 'Earthquake'} risk for a ZIP code`,
          api: riskApi,
          auth: 'none',
          query: ZipQuery,
          responses: { 200: { description: 'The risk result', schema: kind.body }, ...errorResponses },
        },
        async (request, reply) => {
          const result = await runOperation(runner, request, kind.document, { zip: request.query.zip }, {});
          if (result.errors?.length) return sendLegacyError(reply, riskApi, result.errors[0]);
          return result.data!.risk;
        },
      );
    }
  }
}
