import {
  approvePolicyRequestSchema,
  returnPolicyRequestSchema,
  type ApprovePolicyRequest,
  type ReturnPolicyRequest,
} from '@complivue/shared/schemas/policies';
import { toast } from 'sonner';
import { Form, SubmitButton, useZodForm } from '@/components/form/form';
import { TextField, TextareaField } from '@/components/form/form-fields';
import { Button } from '@/components/ui/button';
import { useApprovePolicyVersion, useReturnPolicyVersion } from './api.ts';

/**
 * An administrator approves a version in review. The next review date starts empty: when the
 * policy is next reviewed is the approver's judgement, never a default (DESIGN.md, screens 5).
 */
export function ApproveVersionForm({
  policyId,
  version,
  onDone,
}: {
  policyId: string;
  version: number;
  onDone: () => void;
}) {
  const approve = useApprovePolicyVersion(policyId);
  const form = useZodForm(approvePolicyRequestSchema, { nextReviewDate: '', note: '' });
  return (
    <Form
      form={form}
      aria-label={`Approve version ${version}`}
      failure="The version could not be approved."
      className="space-y-4"
      onSubmit={async (body) => {
        await approve.mutateAsync({ version, ...body });
        toast.success(`Version ${version} is approved and in force.`);
        onDone();
      }}
    >
      <TextField<ApprovePolicyRequest>
        name="nextReviewDate"
        type="date"
        label="Next review date"
        hint="When this policy must be reviewed again (after today)."
      />
      <TextareaField<ApprovePolicyRequest>
        name="note"
        label="Approval note (optional)"
        rows={2}
        maxLength={2000}
      />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <SubmitButton pendingLabel="Approving…">Approve version {version}</SubmitButton>
      </div>
    </Form>
  );
}

/** An administrator sends a version in review back to draft, saying what must change. */
export function ReturnVersionForm({
  policyId,
  version,
  onDone,
}: {
  policyId: string;
  version: number;
  onDone: () => void;
}) {
  const send = useReturnPolicyVersion(policyId);
  const form = useZodForm(returnPolicyRequestSchema, { note: '' });
  return (
    <Form
      form={form}
      aria-label={`Return version ${version}`}
      failure="The version could not be returned."
      className="space-y-4"
      onSubmit={async (body) => {
        await send.mutateAsync({ version, ...body });
        toast.success(`Version ${version} went back to draft.`);
        onDone();
      }}
    >
      <TextareaField<ReturnPolicyRequest>
        name="note"
        label="What must change"
        rows={3}
        maxLength={2000}
      />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <SubmitButton pendingLabel="Returning…">Return to draft</SubmitButton>
      </div>
    </Form>
  );
}
