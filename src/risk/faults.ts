import { z } from 'zod';
// Fault traces, copied from the shared data set. Sources (its `source` field): USGS NSHM 2023 Fault Sections
// Database v3 (Hatem et al., ScienceBase 655bebe7d34ee4b6e05cc19f) for the western faults and the CEUS-SSCn /
// Bakun & Hopper New Madrid traces, both public domain, as vendored by opensha; simplified to ~0.5 km.
import monitoredFaults from './data/monitored_faults.json' with { type: 'json' };
import type { Coordinates } from './zip.js';

export const EARTH_RADIUS_KM = 6371;

/** GeoJSON order, as in the data file: [longitude, latitude]. */
export type LonLat = readonly [number, number];
export type Polyline = readonly LonLat[];

export interface MonitoredFault {
  faultId: string;
  name: string;
  traces: Polyline[];
}

export interface NearestFault {
  faultId: string;
  name: string;
  distanceKm: number;
}

const LonLatSchema = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]);
const FaultsFileSchema = z.object({
  source: z.record(z.string(), z.string()),
  faults: z.record(
    z.string(),
    z.object({
      name: z.string(),
      sections: z.array(z.object({ section: z.string(), trace: z.array(LonLatSchema).min(1) })).min(1),
    }),
  ),
});

// Checked once at start-up: a bad edit to the data file should stop the process, not skew every score.
const faultsFile = FaultsFileSchema.parse(monitoredFaults);

/** Where the traces come from, for attribution (README, health output). */
export const FAULT_DATA_SOURCE: Readonly<Record<string, string>> = faultsFile.source;

export const MONITORED_FAULTS: readonly MonitoredFault[] = Object.entries(faultsFile.faults).map(
  ([faultId, fault]) => ({
    faultId,
    name: fault.name,
    traces: fault.sections.map((s) => s.trace),
  }),
);

type Vec3 = readonly [number, number, number];

const toRadians = (deg: number) => (deg * Math.PI) / 180;

function unitVector(latitude: number, longitude: number): Vec3 {
  const phi = toRadians(latitude);
  const lambda = toRadians(longitude);
  return [Math.cos(phi) * Math.cos(lambda), Math.cos(phi) * Math.sin(lambda), Math.sin(phi)];
}

const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
const norm = (a: Vec3) => Math.sqrt(dot(a, a));

/** Angle between unit vectors; atan2 stays accurate for tiny angles, where acos of a dot product does not. */
const angleBetween = (a: Vec3, b: Vec3) => Math.atan2(norm(cross(a, b)), dot(a, b));

/**
 * Distance from P to the minor great-circle arc A–B: the cross-track distance when P's projection onto the
 * arc's great circle falls between A and B, otherwise the distance to the nearer endpoint.
 */
function distanceToArcRadians(p: Vec3, a: Vec3, b: Vec3): number {
  const toEndpoint = Math.min(angleBetween(p, a), angleBetween(p, b));
  const normal = cross(a, b);
  const normalLength = norm(normal);
  if (normalLength < 1e-12) return toEndpoint; // A and B coincide: a point, not an arc
  const offPlane = dot(p, normal) / normalLength; // sine of P's angular distance from the great circle
  const projection: Vec3 = [
    p[0] - offPlane * (normal[0] / normalLength),
    p[1] - offPlane * (normal[1] / normalLength),
    p[2] - offPlane * (normal[2] / normalLength),
  ];
  const withinArc = dot(cross(a, projection), normal) >= 0 && dot(cross(projection, b), normal) >= 0;
  if (!withinArc) return toEndpoint;
  return Math.atan2(Math.abs(offPlane), norm(projection));
}

/** Minimum great-circle distance (km, R = 6371) from a point to any segment of a polyline. */
export function distanceToPolylineKm(point: Coordinates, polyline: Polyline): number {
  const p = unitVector(point.latitude, point.longitude);
  const vertices = polyline.map(([lon, lat]) => unitVector(lat, lon));
  if (vertices.length === 0) return Number.POSITIVE_INFINITY;
  let best = angleBetween(p, vertices[0]);
  for (let i = 1; i < vertices.length; i++) {
    best = Math.min(best, distanceToArcRadians(p, vertices[i - 1], vertices[i]));
  }
  return best * EARTH_RADIUS_KM;
}

/** The monitored fault whose trace passes closest; the distance is unrounded, as the scoring thresholds need. */
export function nearestFault(
  latitude: number,
  longitude: number,
  faults: readonly MonitoredFault[] = MONITORED_FAULTS,
): NearestFault {
  let nearest: NearestFault | undefined;
  for (const fault of faults) {
    for (const trace of fault.traces) {
      const distanceKm = distanceToPolylineKm({ latitude, longitude }, trace);
      if (!nearest || distanceKm < nearest.distanceKm)
        nearest = { faultId: fault.faultId, name: fault.name, distanceKm };
    }
  }
  if (!nearest) throw new Error('no monitored faults loaded');
  return nearest;
}
