import { Copy } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { logWarning } from '@/lib/log';

/**
 * "Copy": puts `text` on the clipboard and says so; when the browser refuses, says how to copy
 * it by hand instead of failing silently.
 */
export function CopyButton({
  text,
  copied,
  label = 'Copy',
}: {
  text: string;
  /** What the toast says once it is copied ("The signing secret has been copied."). */
  copied: string;
  /** The button's words; a screen reader hears them. */
  label?: string;
}) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(copied);
    } catch (caught) {
      logWarning('clipboard write failed', caught);
      toast.error('Copying was refused by the browser: select the text and copy it.');
    }
  }
  return (
    <Button type="button" variant="secondary" size="sm" onClick={() => void copy()}>
      <Copy aria-hidden="true" className="size-4" />
      {label}
    </Button>
  );
}

/**
 * A secret shown this once (a subscription URL, a signing secret): read-only, selected on focus,
 * with its Copy button; `hint` says it will not be shown again and what to do if it leaks.
 */
export function ShownOnceField({
  label,
  hint,
  value,
  copied,
}: {
  label: string;
  hint: string;
  value: string;
  copied: string;
}) {
  return (
    <FormField label={label} hint={hint}>
      {({ id, describedBy }) => (
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id={id}
            aria-describedby={describedBy}
            readOnly
            value={value}
            onFocus={(event) => event.target.select()}
            className="font-mono text-xs"
          />
          <CopyButton text={value} copied={copied} />
        </div>
      )}
    </FormField>
  );
}
