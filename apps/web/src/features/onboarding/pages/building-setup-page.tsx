import { Suspense, lazy, useEffect, useState } from 'react';
import { Alert, Button, Container, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import {
  ONBOARDING_MESSAGES,
  buildingIssues,
  formatGeoloc,
  parseGeoloc,
  suggestFname,
  type LatLng,
  type PlaceSuggestion,
} from '@vigil/contract';
import { PageLoader } from '../../../components/page-loader';
import { useConfig } from '../../../lib/api/get-config';
import { useTimezone } from '../api/get-timezone';
import { AddressSearch } from '../components/address-search';
import { PostalCheck } from '../components/postal-check';
import { onboardingDraftStore, setPlace, updateBuilding, useOnboardingDraft } from '../lib/onboarding-draft';

// Leaflet and the embedded basemap load with the map only.
const LocationMap = lazy(() => import('../components/location-map'));

/** /staff/onboard: 'Building Domain Setup' (spec part 1 §2): name, short name, group, address, map, time zone. */
export default function BuildingSetupPage() {
  const navigate = useNavigate();
  const { building, place } = useOnboardingDraft();
  const config = useConfig();
  const [fnameEdited, setFnameEdited] = useState(building.fname !== '' && building.fname !== suggestFname(building.description));
  const [attempted, setAttempted] = useState(false);
  const [focus, setFocus] = useState<{ point: LatLng; key: string } | null>(null);
  const [addressText, setAddressText] = useState(building.address);
  const point = parseGeoloc(building.geoloc);
  const timezone = useTimezone(point ? building.geoloc : null);

  // The time zone follows the marker (Maps timezone service); none at sea.
  useEffect(() => {
    if (!timezone.data) return;
    const zone = timezone.data.timeZoneId ?? '';
    if (zone !== building.timezone) updateBuilding({ timezone: zone });
  }, [timezone.data, building.timezone]);

  const choose = (chosen: PlaceSuggestion) => {
    const geoloc = formatGeoloc(chosen);
    setPlace(chosen);
    setAddressText(chosen.description);
    updateBuilding({ address: chosen.description, geoloc });
    setFocus({ point: { lat: chosen.lat, lng: chosen.lng }, key: geoloc });
  };
  const pick = (p: LatLng) => updateBuilding({ geoloc: formatGeoloc(p) });
  const issues = buildingIssues({ ...building, timezone: timezone.isFetching ? '' : building.timezone });
  const timezoneFailed = Boolean(point) && timezone.isSuccess && !timezone.data.timeZoneId;
  const postal =
    place && place.country === 'US' && place.address1
      ? { address1: place.address1, city: place.city, state: place.state, zip: place.zip }
      : null;

  const next = () => {
    setAttempted(true);
    if (issues.length === 0) void navigate('/staff/onboard/addCameras');
  };

  return (
    <Container size="lg" py="md">
      <Stack gap="md">
        <div>
          <Title order={1}>Building Domain Setup</Title>
          <Text c="dimmed" size="sm">
            Step 1 of 2: the building. Then configure its cameras.
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Paper withBorder p="lg" radius="md">
            <Stack gap="sm">
              <TextInput
                label="Building name"
                required
                value={building.description}
                onChange={(e) => {
                  const description = e.currentTarget.value;
                  updateBuilding(fnameEdited ? { description } : { description, fname: suggestFname(description) });
                }}
                error={attempted && !building.description.trim() ? 'Enter the building name.' : undefined}
              />
              <TextInput
                label="Short name"
                description="Lower-case letters, digits and dashes; names the building in camera settings and alerts"
                required
                value={building.fname}
                onChange={(e) => {
                  setFnameEdited(true);
                  updateBuilding({ fname: e.currentTarget.value.toLowerCase() });
                }}
                error={attempted && issues.find((i) => i.startsWith('Short name'))}
              />
              <TextInput
                label="Management group"
                value={building.group}
                onChange={(e) => updateBuilding({ group: e.currentTarget.value })}
              />
              <AddressSearch
                value={addressText}
                onChange={(text) => {
                  setAddressText(text);
                  // Typing again means the address is no longer one chosen from the suggestions.
                  // (read from the store: choosing a suggestion sets the address just before this change arrives)
                  if (text !== onboardingDraftStore.get().building.address) {
                    updateBuilding({ address: '' });
                    setPlace(null);
                  }
                }}
                onChoose={choose}
                error={attempted && !building.address ? ONBOARDING_MESSAGES.invalidAddress : undefined}
              />
              <PostalCheck address={postal} />
              <div>
                <Text size="sm" fw={500}>
                  Location
                </Text>
                <Text size="sm" data-testid="geoloc">
                  {building.geoloc || 'Not placed yet: choose an address or click the map.'}
                </Text>
              </div>
              <div>
                <Text size="sm" fw={500}>
                  Time zone
                </Text>
                <Text size="sm" data-testid="timezone" c={timezoneFailed ? 'red' : undefined}>
                  {!point
                    ? 'From the location'
                    : timezone.isFetching
                      ? 'Finding the time zone…'
                      : timezoneFailed || timezone.isError
                        ? ONBOARDING_MESSAGES.timezoneFailed
                        : building.timezone}
                </Text>
              </div>
            </Stack>
          </Paper>
          <Paper withBorder p="xs" radius="md">
            <Stack gap={4}>
              <Title order={2} size="h4" px="xs">
                Map
              </Title>
              <Text size="xs" c="dimmed" px="xs">
                Click the map or drag the marker onto the building.
              </Text>
              {config.data ? (
                <Suspense fallback={<PageLoader label="Loading the map" />}>
                  <LocationMap
                    marker={point}
                    focus={focus}
                    onPick={pick}
                    tileUrl={config.data.map.tileUrl}
                    attribution={config.data.map.attribution}
                  />
                </Suspense>
              ) : (
                <PageLoader label="Loading the map" />
              )}
            </Stack>
          </Paper>
        </SimpleGrid>
        {attempted && issues.length > 0 && (
          <Alert color="red" variant="light" role="alert" title="Before configuring cameras">
            <Stack gap={2}>
              {issues.map((issue) => (
                <Text key={issue} size="sm">
                  {issue}
                </Text>
              ))}
            </Stack>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button onClick={next}>Configure Cameras</Button>
        </Group>
      </Stack>
    </Container>
  );
}
