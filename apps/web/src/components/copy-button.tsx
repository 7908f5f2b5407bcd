import { Copy } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
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
