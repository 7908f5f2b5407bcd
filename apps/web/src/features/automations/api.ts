import {
  automationDashboardSchema,
  automationMembersSchema,
  ruleCreatedSchema,
  ruleSavedSchema,
  webhookDeliveryListSchema,
  webhookEndpointListSchema,
  type createRuleRequestSchema,
  type updateWebhookEndpointRequestSchema,
  dryRunResultSchema,
  ruleDetailSchema,
  ruleListSchema,
  runDetailSchema,
  runListSchema,
  webhookDeliverySchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
  type RuleDefinition,
  type RunFilters,
} from '@complivue/shared/schemas/automations';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiClientError, apiRequest } from '@/lib/api-client';

/** Every query of this feature starts with this key: one invalidation refreshes them all. */
export const automationsQueryKey = ['automations'] as const;
const rulesKey = [...automationsQueryKey, 'rules'] as const;
const runsKey = [...automationsQueryKey, 'runs'] as const;
const webhooksKey = [...automationsQueryKey, 'webhooks'] as const;

export type { AutomationMember } from '@complivue/shared/schemas/automations';

const noContent = z.unknown();

export type CreateRuleRequest = z.output<typeof createRuleRequestSchema>;
export type WebhookEndpointFields = { name: string; url: string; enabled: boolean };
type WebhookEndpointChange = z.input<typeof updateWebhookEndpointRequestSchema>;

/** Whether a refusal is the plan's (webhooks are the Enterprise plan's). */
export const isPlanRefusal = (error: unknown) =>
  error instanceof ApiClientError &&
  (error.code === 'feature_unavailable' || error.code === 'upgrade_required');

/** The run history's filters as the API and the page's URL write them. */
export function runFilterParams(filters: Partial<RunFilters>): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.ruleId) params.set('ruleId', filters.ruleId);
  if (filters.status) params.set('status', filters.status);
  if (filters.trigger) params.set('trigger', filters.trigger);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.page && filters.page > 1) params.set('page', String(filters.page));
  return params;
}

export function useRules() {
  return useQuery({
    queryKey: [...rulesKey, 'list'],
    queryFn: () => apiRequest('/api/automations/rules', { schema: ruleListSchema }),
  });
}

export function useRule(ruleId: string | undefined) {
  return useQuery({
    queryKey: [...rulesKey, 'detail', ruleId],
    queryFn: () => apiRequest(`/api/automations/rules/${ruleId}`, { schema: ruleDetailSchema }),
    enabled: Boolean(ruleId),
  });
}

export function useAutomationMembers() {
  return useQuery({
    queryKey: [...automationsQueryKey, 'members'],
    queryFn: () => apiRequest('/api/automations/members', { schema: automationMembersSchema }),
    staleTime: 60_000,
  });
}

/** A write that refreshes every automation read when it is done (rules, runs, dashboard). */
function useAutomationWrite<Variables, Result>(write: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: automationsQueryKey }),
  });
}

export const useCreateRule = () =>
  useAutomationWrite((body: CreateRuleRequest) =>
    apiRequest('/api/automations/rules', { method: 'POST', body, schema: ruleCreatedSchema }),
  );

export const useUpdateRule = (ruleId: string) =>
  useAutomationWrite((body: RuleDefinition) =>
    apiRequest(`/api/automations/rules/${ruleId}`, {
      method: 'PUT',
      body,
      schema: ruleSavedSchema,
    }),
  );

export const useSetRuleEnabled = () =>
  useAutomationWrite(({ ruleId, enabled }: { ruleId: string; enabled: boolean }) =>
    apiRequest(`/api/automations/rules/${ruleId}/enabled`, {
      method: 'POST',
      body: { enabled },
      schema: noContent,
    }),
  );

export const useDeleteRule = () =>
  useAutomationWrite((ruleId: string) =>
    apiRequest(`/api/automations/rules/${ruleId}`, { method: 'DELETE', schema: noContent }),
  );

/** What a definition would have done to the last 30 days' events; it changes nothing. */
export function useDryRun() {
  return useMutation({
    mutationFn: (body: RuleDefinition) =>
      apiRequest('/api/automations/dry-run', {
        method: 'POST',
        body,
        schema: dryRunResultSchema,
        timeoutMs: 30_000,
      }),
  });
}

export function useRuns(filters: Partial<RunFilters>) {
  const params = runFilterParams(filters).toString();
  return useQuery({
    queryKey: [...runsKey, 'list', params],
    queryFn: () =>
      apiRequest(`/api/automations/runs${params ? `?${params}` : ''}`, { schema: runListSchema }),
    placeholderData: keepPreviousData,
  });
}

export function useRun(runId: string | undefined) {
  return useQuery({
    queryKey: [...runsKey, 'detail', runId],
    queryFn: () => apiRequest(`/api/automations/runs/${runId}`, { schema: runDetailSchema }),
    enabled: Boolean(runId),
  });
}

export function useAutomationDashboard(days: number) {
  return useQuery({
    queryKey: [...automationsQueryKey, 'dashboard', days],
    queryFn: () =>
      apiRequest(`/api/automation/dashboard?days=${days}`, { schema: automationDashboardSchema }),
    placeholderData: keepPreviousData,
  });
}

export function useWebhookEndpoints(enabled = true) {
  return useQuery({
    queryKey: [...webhooksKey, 'endpoints'],
    queryFn: () => apiRequest('/api/automations/webhooks', { schema: webhookEndpointListSchema }),
    enabled,
    // A plan refusal is an answer, not a hiccup: asking again would not change it.
    retry: (count, error) => !isPlanRefusal(error) && count < 2,
  });
}

export function useWebhookDeliveries(endpointId: string | null) {
  return useQuery({
    queryKey: [...webhooksKey, 'deliveries', endpointId],
    queryFn: () =>
      apiRequest(`/api/automations/webhooks/${endpointId}/deliveries`, {
        schema: webhookDeliveryListSchema,
      }),
    enabled: Boolean(endpointId),
  });
}

export const useCreateWebhookEndpoint = () =>
  useAutomationWrite((body: WebhookEndpointFields) =>
    apiRequest('/api/automations/webhooks', {
      method: 'POST',
      body,
      schema: webhookEndpointWithSecretSchema,
    }),
  );

export const useUpdateWebhookEndpoint = () =>
  useAutomationWrite(({ endpointId, ...body }: WebhookEndpointChange & { endpointId: string }) =>
    apiRequest(`/api/automations/webhooks/${endpointId}`, {
      method: 'PATCH',
      body,
      schema: webhookEndpointSchema,
    }),
  );

export const useDeleteWebhookEndpoint = () =>
  useAutomationWrite((endpointId: string) =>
    apiRequest(`/api/automations/webhooks/${endpointId}`, { method: 'DELETE', schema: noContent }),
  );

export const useRotateWebhookSecret = () =>
  useAutomationWrite((endpointId: string) =>
    apiRequest(`/api/automations/webhooks/${endpointId}/rotate-secret`, {
      method: 'POST',
      schema: webhookEndpointWithSecretSchema,
    }),
  );

export const useTestWebhookEndpoint = () =>
  useAutomationWrite((endpointId: string) =>
    apiRequest(`/api/automations/webhooks/${endpointId}/test`, {
      method: 'POST',
      schema: webhookDeliverySchema,
      timeoutMs: 30_000,
    }),
  );

export const useRedeliverWebhook = () =>
  useAutomationWrite((deliveryId: string) =>
    apiRequest(`/api/automations/webhook-deliveries/${deliveryId}/redeliver`, {
      method: 'POST',
      schema: webhookDeliverySchema,
      timeoutMs: 30_000,
    }),
  );
