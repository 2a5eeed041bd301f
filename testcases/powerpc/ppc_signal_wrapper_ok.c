// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: powerpc signal-frame wrapper macros in a checked region
 * check-description: The signal-frame shapes of arch/powerpc/kernel/signal_*.c in one region that checks the whole frame: a macro of four unsafe_put_user(), a macro around an __always_inline helper with a loop of them (__unsafe_save_general_regs()), and the kernel's own unsafe_copy_fpr_to_user() from <../kernel/signal.h>: nothing to report at level 0.
 * check-level: 0
 *
 * check-output-start
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/signal.h>
#include <linux/types.h>
#include <linux/uaccess.h>
#include <asm/elf.h>
#include <../kernel/signal.h>

struct ppc_sigregs {
	u64 nip;
	u64 msr;
	u64 link;
	u64 ccr;
	u64 gpr[8];
};

struct ppc_sigframe {
	struct ppc_sigregs regs;
	u64 fpr[ELF_NFPREG];
};

struct ppc_kregs {
	unsigned long nip;
	unsigned long msr;
	unsigned long link;
	unsigned long ccr;
	unsigned long gpr[8];
};

/* Several stores behind one macro, as signal_32.c's unsafe_put_sigset_t(). */
#define ppc_unsafe_save_special(frame, kr, label) do {			\
	struct ppc_sigregs __user *__f = (frame);			\
	const struct ppc_kregs *__r = (kr);				\
									\
	unsafe_put_user(__r->nip, &__f->nip, label);			\
	unsafe_put_user(__r->msr, &__f->msr, label);			\
	unsafe_put_user(__r->link, &__f->link, label);			\
	unsafe_put_user(__r->ccr, &__f->ccr, label);			\
} while (0)

/* A loop in an __always_inline helper, as __unsafe_save_general_regs(). */
static __always_inline int
__ppc_unsafe_save_gpr(const struct ppc_kregs *kr, struct ppc_sigregs __user *frame)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(kr->gpr); i++)
		unsafe_put_user(kr->gpr[i], &frame->gpr[i], failed);
	return 0;

failed:
	return 1;
}

#define ppc_unsafe_save_gpr(kr, frame, label) do {			\
	if (__ppc_unsafe_save_gpr(kr, frame))				\
		goto label;						\
} while (0)

int ppc_setup_sigframe(struct ppc_sigframe __user *frame, const struct ppc_kregs *kr);
int ppc_setup_sigframe(struct ppc_sigframe __user *frame, const struct ppc_kregs *kr)
{
	if (!user_write_access_begin(frame, sizeof(*frame)))
		return -EFAULT;
	ppc_unsafe_save_special(&frame->regs, kr, efault);
	ppc_unsafe_save_gpr(kr, &frame->regs, efault);
	unsafe_copy_fpr_to_user(frame->fpr, current, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(ppc_setup_sigframe);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check powerpc testcase: signal-frame wrapper macros in a checked region");
