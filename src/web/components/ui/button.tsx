import { cva, type VariantProps } from 'class-variance-authority';
import { cloneElement, forwardRef, isValidElement, type ButtonHTMLAttributes, type ReactElement } from 'react';
import { cn } from '@web/lib/utils';

const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-lg text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default: 'bg-brand-700 text-white hover:bg-brand-800',
        destructive: 'bg-red-600 text-white hover:bg-red-700',
        outline: 'border border-slate-300 bg-white hover:bg-slate-100 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800',
        secondary: 'bg-slate-100 text-slate-900 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-100',
        ghost: 'hover:bg-slate-100 dark:hover:bg-slate-800',
        link: 'text-brand-700 underline-offset-4 hover:underline dark:text-brand-500',
      },
      size: {
        default: 'h-11 px-4 py-2',
        sm: 'h-9 px-3',
        lg: 'h-12 px-6 text-base',
        icon: 'h-10 w-10',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, VariantProps<typeof buttonVariants> {
  asChild?: boolean;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(({ className, variant, size, asChild = false, ...props }, ref) => {
  const classes = cn(buttonVariants({ variant, size, className }));
  if (asChild && isValidElement(props.children)) return asChildOf(props.children as ReactElement<ChildProps>, props, classes, ref);
  return <button className={classes} ref={ref} {...props} />;
});
Button.displayName = 'Button';

type ChildProps = Record<string, unknown> & { className?: string };

/**
 * `asChild`: the button's look and props on its one child (a link), as Radix's Slot does for what this app
 * passes (decision 073: Radix's Slot is 1 KB of the first load). The child's own props win, except that
 * both event handlers run (the child's first) and both class lists apply (the child's last).
 */
function asChildOf(child: ReactElement<ChildProps>, { children: _, ...props }: ButtonHTMLAttributes<HTMLButtonElement>, className: string, ref: unknown) {
  const merged: ChildProps = { ...props, ...child.props, className: cn(className, child.props.className), ref };
  for (const [name, handler] of Object.entries(props)) {
    const own = child.props[name];
    if (/^on[A-Z]/.test(name) && typeof handler === 'function' && typeof own === 'function') {
      merged[name] = (...args: unknown[]) => {
        own(...args);
        handler(...args);
      };
    }
  }
  return cloneElement(child, merged);
}
