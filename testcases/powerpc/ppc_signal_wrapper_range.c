// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: powerpc signal-frame wrapper past the checked registers
 * check-description: The begin checks only frame->regs (sizeof(struct ppc_sigregs3), bytes 0..31 of frame); of the six stores behind one wrapper macro the last two (trap at 32..39, result at 40..47) are past it: two range findings, both at the macro's call, where the programmer wrote them.
 * check-level: 0
 *
 * check-output-start
ppc_signal_wrapper_range.c:60:9: warning: unsafe_put_user() accesses bytes 32..39 of 'frame', beyond the 32 bytes checked [-Wuaccess-range]
ppc_signal_wrapper_range.c:58:14: note: checked here
ppc_signal_wrapper_range.c:60:9: warning: unsafe_put_user() accesses bytes 40..47 of 'frame', beyond the 32 bytes checked [-Wuaccess-range]
ppc_signal_wrapper_range.c:58:14: note: checked here
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct ppc_sigregs3 {
	u64 nip;
	u64 msr;
	u64 link;
	u64 ccr;
};

struct ppc_sigframe3 {
	struct ppc_sigregs3 regs;
	u64 trap;
	u64 result;
};

struct ppc_kregs3 {
	unsigned long nip;
	unsigned long msr;
	unsigned long link;
	unsigned long ccr;
	unsigned long trap;
	unsigned long result;
};

/* One macro, six stores: the last two are past frame->regs. */
#define ppc_unsafe_save_frame(frame, kr, label) do {			\
	struct ppc_sigframe3 __user *__f = (frame);			\
	const struct ppc_kregs3 *__r = (kr);				\
									\
	unsafe_put_user(__r->nip, &__f->regs.nip, label);		\
	unsafe_put_user(__r->msr, &__f->regs.msr, label);		\
	unsafe_put_user(__r->link, &__f->regs.link, label);		\
	unsafe_put_user(__r->ccr, &__f->regs.ccr, label);		\
	unsafe_put_user(__r->trap, &__f->trap, label);			\
	unsafe_put_user(__r->result, &__f->result, label);		\
} while (0)

int ppc_setup_frame_short(struct ppc_sigframe3 __user *frame, const struct ppc_kregs3 *kr);
int ppc_setup_frame_short(struct ppc_sigframe3 __user *frame, const struct ppc_kregs3 *kr)
{
	if (!user_write_access_begin(&frame->regs, sizeof(struct ppc_sigregs3)))
		return -EFAULT;
	ppc_unsafe_save_frame(frame, kr, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(ppc_setup_frame_short);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check powerpc testcase: signal-frame wrapper past the checked registers");
