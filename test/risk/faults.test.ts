import { describe, expect, it } from 'vitest';
import {
  EARTH_RADIUS_KM,
  FAULT_DATA_SOURCE,
  MONITORED_FAULTS,
  distanceToPolylineKm,
  nearestFault,
  type Polyline,
} from '../../src/risk/faults.js';

const KM_PER_DEGREE = (EARTH_RADIUS_KM * Math.PI) / 180; // 111.19 km along any great circle

/** Haversine, written independently of the code under test, for endpoint distances. */
function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(a));
}

const equator: Polyline = [
  [0, 0],
  [2, 0],
];
const meridian: Polyline = [
  [10, 0],
  [10, 2],
];
// Along the 60th parallel the great circle between the ends bows north of the parallel, up to
// atan(tan 60° / cos 10°) at 0° longitude; a planar or rhumb-line shortcut would see the point (60, 0) on it.
const highLatitudeChord: Polyline = [
  [-10, 60],
  [10, 60],
];
const arcMidLatitude = (Math.atan(Math.tan((60 * Math.PI) / 180) / Math.cos((10 * Math.PI) / 180)) * 180) / Math.PI;

describe('distance from a point to a polyline', () => {
  it.each([
    { name: 'a point on a vertex', point: [0, 0], line: equator, km: 0 },
    { name: 'a point on the far vertex', point: [0, 2], line: equator, km: 0 },
    { name: 'a point in the middle of a segment', point: [0, 1], line: equator, km: 0 },
    {
      name: '0.1° north of the middle of an equatorial segment',
      point: [0.1, 1],
      line: equator,
      km: 0.1 * KM_PER_DEGREE,
    },
    { name: '0.1° south of it: distance has no sign', point: [-0.1, 1], line: equator, km: 0.1 * KM_PER_DEGREE },
    { name: 'beyond an endpoint on the same great circle', point: [0, 3], line: equator, km: KM_PER_DEGREE },
    { name: 'behind the first endpoint', point: [0, -1.5], line: equator, km: 1.5 * KM_PER_DEGREE },
    { name: 'beyond an endpoint and off to the side', point: [1, 3], line: equator, km: haversineKm(1, 3, 0, 2) },
    {
      name: 'east of a meridian segment',
      point: [1, 10.5],
      line: meridian,
      km: Math.asin(Math.sin((0.5 * Math.PI) / 180) * Math.cos(Math.PI / 180)) * EARTH_RADIUS_KM,
    },
    {
      name: 'on the parallel under a high-latitude arc',
      point: [60, 0],
      line: highLatitudeChord,
      km: (arcMidLatitude - 60) * KM_PER_DEGREE,
    },
    { name: 'a single-vertex polyline', point: [1, 1], line: [[0, 0]] as Polyline, km: haversineKm(1, 1, 0, 0) },
    {
      name: 'a repeated vertex does not break the segment after it',
      point: [0.1, 1],
      line: [
        [0, 0],
        [0, 0],
        [2, 0],
      ] as Polyline,
      km: 0.1 * KM_PER_DEGREE,
    },
  ])('$name', ({ point, line, km }) => {
    expect(distanceToPolylineKm({ latitude: point[0], longitude: point[1] }, line)).toBeCloseTo(km, 6);
  });

  it('picks the nearest of several segments', () => {
    const zigzag: Polyline = [
      [0, 0],
      [1, 1],
      [2, 0],
      [3, 1],
    ];
    // Right under the second vertex, 0.5° below it: the nearest point lies on one of the two slanted segments.
    const km = distanceToPolylineKm({ latitude: 0.5, longitude: 1 }, zigzag);
    expect(km).toBeGreaterThan(0.3 * KM_PER_DEGREE);
    expect(km).toBeLessThan(0.5 * KM_PER_DEGREE);
    expect(km).toBeCloseTo((0.5 * KM_PER_DEGREE) / Math.SQRT2, 0);
  });

  it('a 0.1° offset at the equator is about 11.1 km', () => {
    expect(distanceToPolylineKm({ latitude: 0.1, longitude: 1 }, equator)).toBeCloseTo(11.1195, 3);
  });
});

describe('the monitored faults', () => {
  it('are the five faults the contract names, each with traces', () => {
    expect(MONITORED_FAULTS.map((f) => f.faultId).sort()).toEqual([
      'new_madrid',
      'san_andreas_north',
      'san_andreas_south',
      'seattle',
      'wasatch',
    ]);
    for (const fault of MONITORED_FAULTS) expect(fault.traces.length).toBeGreaterThan(0);
  });

  it('keep the attribution of their source data', () => {
    expect(FAULT_DATA_SOURCE.wus).toContain('USGS NSHM 2023');
    expect(FAULT_DATA_SOURCE.ceus).toContain('New Madrid');
  });
});

describe('nearest monitored fault', () => {
  it.each([
    {
      place: 'a vertex of the Carrizo section',
      lat: 35.3142,
      lon: -119.8659,
      fault: 'san_andreas_south',
      min: 0,
      max: 1e-6,
    },
    { place: 'Salt Lake City (84111)', lat: 40.7548, lon: -111.881, fault: 'wasatch', min: 0, max: 5 },
    { place: 'Seattle (98104)', lat: 47.6036, lon: -122.3256, fault: 'seattle', min: 0, max: 10 },
    { place: 'San Francisco (94103)', lat: 37.7725, lon: -122.4147, fault: 'san_andreas_north', min: 5, max: 20 },
    { place: 'Beverly Hills (90210)', lat: 34.0901, lon: -118.4065, fault: 'san_andreas_south', min: 50, max: 100 },
    { place: 'Memphis (38103)', lat: 35.144, lon: -90.048, fault: 'new_madrid', min: 40, max: 60 },
    { place: 'San Diego (92101)', lat: 32.7185, lon: -117.1593, fault: 'san_andreas_south', min: 100, max: 200 },
    { place: 'Miami (33101)', lat: 25.7791, lon: -80.1978, fault: 'new_madrid', min: 1000, max: 2000 },
  ])('$place is nearest to $fault', ({ lat, lon, fault, min, max }) => {
    const nearest = nearestFault(lat, lon);
    expect(nearest.faultId).toBe(fault);
    expect(nearest.distanceKm).toBeGreaterThanOrEqual(min);
    expect(nearest.distanceKm).toBeLessThanOrEqual(max);
  });

  it('names the fault it measured', () => {
    expect(nearestFault(40.7548, -111.881).name).toBe('Wasatch fault zone (Utah)');
  });
});
