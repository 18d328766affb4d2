import { useEffect, useRef } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import './location-map.css';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { DEFAULT_MAP_CENTER, DEFAULT_MAP_ZOOM, SELECTED_PLACE_ZOOM, type LatLng } from '@vigil/contract';

export interface LocationMapProps {
  /** the marker; null until a place is chosen or the map clicked */
  marker: LatLng | null;
  /** a place just chosen from the suggestions: the map flies there at zoom 17 */
  focus: { point: LatLng; key: string } | null;
  /** a clicked point or the dragged marker's end */
  onPick(point: LatLng): void;
  /** a Leaflet tile URL template (VIGIL_MAP_TILE_URL); without one, the embedded basemap */
  tileUrl: string | null;
  attribution: string | null;
}

/** The embedded basemap: country boundaries from world-atlas (Natural Earth, public domain), loaded with this page only. */
async function addEmbeddedBasemap(map: L.Map): Promise<void> {
  const topology = (await import('world-atlas/countries-50m.json')).default as unknown as Topology<{ countries: GeometryCollection }>;
  const countries = feature(topology, topology.objects.countries);
  L.geoJSON(countries, {
    style: { color: '#868e96', weight: 1, fillColor: '#f8f9fa', fillOpacity: 1 },
    interactive: false,
  }).addTo(map);
}

const markerIcon = L.divIcon({
  className: 'vigil-map-marker',
  html: '<span aria-hidden="true"></span>',
  iconSize: [22, 22],
  iconAnchor: [11, 22],
});

/** The Map panel (spec part 1 §2): click or drag the marker to set the building's point. */
export default function LocationMap({ marker, focus, onPick, tileUrl, attribution }: LocationMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const markerRef = useRef<L.Marker | null>(null);
  const pickRef = useRef(onPick);
  useEffect(() => {
    pickRef.current = onPick;
  }, [onPick]);

  useEffect(() => {
    if (!container.current) return;
    const map = L.map(container.current, { worldCopyJump: true, zoomControl: true }).setView(
      [DEFAULT_MAP_CENTER.lat, DEFAULT_MAP_CENTER.lng],
      DEFAULT_MAP_ZOOM,
    );
    mapRef.current = map;
    if (tileUrl) L.tileLayer(tileUrl, { maxZoom: 19, ...(attribution && { attribution }) }).addTo(map);
    else {
      map.attributionControl.addAttribution('Boundaries: Natural Earth (public domain), offline');
      void addEmbeddedBasemap(map);
    }
    L.control.scale({ imperial: true }).addTo(map);
    map.on('click', (event: L.LeafletMouseEvent) => pickRef.current({ lat: event.latlng.lat, lng: event.latlng.wrap().lng }));
    return () => {
      map.remove();
      mapRef.current = null;
      markerRef.current = null;
    };
  }, [tileUrl, attribution]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    if (!marker) {
      markerRef.current?.remove();
      markerRef.current = null;
      return;
    }
    if (!markerRef.current) {
      const created = L.marker([marker.lat, marker.lng], { draggable: true, icon: markerIcon, keyboard: true, title: 'Building' });
      created.on('dragend', () => {
        const p = created.getLatLng().wrap();
        pickRef.current({ lat: p.lat, lng: p.lng });
      });
      markerRef.current = created.addTo(map);
    } else markerRef.current.setLatLng([marker.lat, marker.lng]);
  }, [marker]);

  useEffect(() => {
    if (focus) mapRef.current?.setView([focus.point.lat, focus.point.lng], SELECTED_PLACE_ZOOM);
  }, [focus]);

  return (
    <div
      ref={container}
      data-testid="location-map"
      role="application"
      aria-label="Map: click to place the building"
      className="vigil-location-map"
    />
  );
}
