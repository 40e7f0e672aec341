// A button that copies a text to the clipboard and says so in a polite live region; where the browser
// refuses (no permission, an insecure origin), it says how to copy by hand instead.
import { useState } from 'react';
import { Button } from '@airloom/shared-ui';

export interface CopyButtonProps {
  text: string;
  label: string;
  copied: string;
  refused: string;
}

export function CopyButton({ text, label, copied, refused }: CopyButtonProps) {
  const [said, setSaid] = useState('');
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setSaid(copied);
    } catch {
      setSaid(refused);
    }
  }
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => void copy()}>
        {label}
      </Button>
      <span role="status" aria-live="polite">
        {said}
      </span>
    </>
  );
}
