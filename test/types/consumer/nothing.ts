// The floor of the type-check bench: the same project importing nothing from memkit.
export const nothing = 0;
