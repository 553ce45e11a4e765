import { Button, Tooltip, VisuallyHidden, type ButtonProps } from '@mantine/core';
import { useId, type MouseEventHandler, type ReactNode, type Ref } from 'react';
import type { Verdict } from '../lib/permissions.ts';

export interface GuardedButtonProps extends ButtonProps {
  verdict: Verdict;
  onClick?: MouseEventHandler<HTMLButtonElement>;
  type?: 'button' | 'submit';
  children: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * A button the caller may lack the permission for. Refused, it stays focusable (so a keyboard user
 * can reach it and hear why), is marked aria-disabled, and says the reason in a tooltip.
 */
export function GuardedButton({
  verdict,
  onClick,
  type = 'button',
  children,
  ...props
}: GuardedButtonProps) {
  const reasonId = useId();
  if (verdict.allowed) {
    return (
      <Button type={type} onClick={onClick} {...props}>
        {children}
      </Button>
    );
  }
  const reason = `Not allowed: ${verdict.reason}.`;
  return (
    <>
      <Tooltip label={reason} withArrow events={{ hover: true, focus: true, touch: true }}>
        <Button
          type="button"
          data-disabled
          aria-disabled="true"
          aria-describedby={reasonId}
          onClick={(event) => event.preventDefault()}
          {...props}
          loading={false}
        >
          {children}
        </Button>
      </Tooltip>
      <VisuallyHidden id={reasonId}>{reason}</VisuallyHidden>
    </>
  );
}
