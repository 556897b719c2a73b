import { Leaf } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/app/route-manifest';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { fr } from '@/i18n/fr';

/** The sign-up invitation; when it appears is decided by `useSignUpPrompt`. */
export default function SignUpPromptDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const navigate = useNavigate();
  const go = (to: string) => {
    onOpenChange(false);
    navigate(to);
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="text-center" data-testid="signup-prompt">
        <DialogHeader className="items-center sm:text-center">
          <span className="grid size-12 place-items-center rounded-full bg-primary text-primary-foreground">
            <Leaf className="size-6" aria-hidden="true" />
          </span>
          <DialogTitle className="text-2xl">{fr.signUpPrompt.title}</DialogTitle>
          <DialogDescription>{fr.signUpPrompt.description}</DialogDescription>
        </DialogHeader>
        <Button size="lg" onClick={() => go(`${paths.auth()}?tab=signup`)}>
          {fr.signUpPrompt.createAccount}
        </Button>
        <div className="flex flex-col items-center gap-2">
          <p className="text-sm text-muted-foreground">{fr.signUpPrompt.alreadyHave}</p>
          <Button variant="outline" className="w-full" onClick={() => go(paths.auth())}>
            {fr.signUpPrompt.signIn}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
