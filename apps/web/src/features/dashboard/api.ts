import { dashboardSchema } from '@complivue/shared/schemas/dashboard';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export function useDashboard() {
  return useQuery({
    queryKey: ['dashboard'],
    queryFn: () => apiRequest('/api/dashboard', { schema: dashboardSchema }),
  });
}
