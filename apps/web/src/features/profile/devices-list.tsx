import { QueryState } from '@/components/query-state';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { devicesQueryKey, listDevices, signOutDevice } from './api.ts';
import { formatDateTime } from '@/lib/format-day';

function describeAgent(userAgent: string | null): string {
  if (!userAgent) return 'Unknown browser';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Chrome\//.test(userAgent)
      ? 'Chrome'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'Browser';
  const system = /Windows/.test(userAgent)
    ? 'Windows'
    : /Mac OS X/.test(userAgent)
      ? 'macOS'
      : /Android/.test(userAgent)
        ? 'Android'
        : /iPhone|iPad/.test(userAgent)
          ? 'iOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : 'another system';
  return `${browser} on ${system}`;
}

const dateTime = formatDateTime;

/** The user's signed-in devices, each of which can be signed out. */
export function DevicesList() {
  const queryClient = useQueryClient();
  const devices = useQuery({ queryKey: devicesQueryKey, queryFn: listDevices });
  const signOut = useMutation({
    mutationFn: signOutDevice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: devicesQueryKey }),
  });

  return (
    <QueryState query={devices} loading="Loading your devices">
      {(devicesData) => (
        <ul className="divide-y divide-slate-200">
          {devicesData.sessions.map((device) => (
            <li
              key={device.id}
              className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm"
            >
              {/* The button's description names the device: several buttons share one label. */}
              <div id={`device-${device.id}`}>
                <p className="font-medium text-slate-900">
                  {describeAgent(device.userAgent)}
                  {device.current && (
                    <span className="ml-2 rounded bg-emerald-100 px-2 py-0.5 text-xs text-emerald-900">
                      This device
                    </span>
                  )}
                </p>
                <p className="text-slate-600">
                  {device.ipAddress ?? 'Unknown address'} · signed in {dateTime(device.createdAt)} ·
                  last active {dateTime(device.lastActiveAt)}
                </p>
              </div>
              {!device.current && (
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={signOut.isPending}
                  aria-describedby={`device-${device.id}`}
                  onClick={() => signOut.mutate(device.id)}
                >
                  Sign out this device
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}
