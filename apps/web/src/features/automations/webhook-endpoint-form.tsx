import { webhookEndpointRequestSchema } from '@complivue/shared/schemas/automations';
import type { z } from 'zod';
import { CheckboxField } from '@/components/form/checkbox-field';
import { Form, SubmitButton, useZodForm } from '@/components/form/form';
import { TextField } from '@/components/form/form-fields';

type EndpointFields = z.input<typeof webhookEndpointRequestSchema>;

/** An outbound webhook endpoint's name, address and state (adding one, or editing it). */
export function WebhookEndpointForm({
  initial,
  submitLabel,
  pendingLabel,
  onSubmit,
}: {
  initial: EndpointFields;
  submitLabel: string;
  pendingLabel: string;
  onSubmit: (values: z.output<typeof webhookEndpointRequestSchema>) => Promise<unknown>;
}) {
  const form = useZodForm(webhookEndpointRequestSchema, initial);
  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      failure="The endpoint could not be saved."
      aria-label={submitLabel}
      className="space-y-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField<EndpointFields>
          name="name"
          label="Name"
          hint="What it is, for the people who read the rules (“Core system ticket queue”)."
          maxLength={120}
        />
        <TextField<EndpointFields>
          name="url"
          label="Address"
          hint="An https:// address on the public internet."
          type="url"
          inputMode="url"
          maxLength={2000}
          placeholder="https://example.com/hooks/complivue"
        />
      </div>
      <CheckboxField<EndpointFields>
        name="enabled"
        label="On"
        description="Rules post to it. Turned off, nothing is posted to it."
      />
      <SubmitButton pendingLabel={pendingLabel}>{submitLabel}</SubmitButton>
    </Form>
  );
}
