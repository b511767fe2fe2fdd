/** StepProps: what each signup step after the first gets. */
export interface StepProps {
  /** onNext goes on after the step did its work. */
  onNext: () => void
  /** onSkip goes on without it. */
  onSkip: () => void
}
