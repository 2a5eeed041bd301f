// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: computed frame pointer, nested constant offsets
 * check-description: The frame pointer is computed from the user stack pointer (a computed root); the begin covers sizeof(*frame) and every store is at a constant offset inside it.
 * check-level: 0
 *
 * check-output-start
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct uc_ucontext {
	u64 uc_flags;
	u64 uc_link;
	u64 uc_sigmask;
};

struct uc_rt_frame {
	u64 pretcode;
	struct uc_ucontext uc;
};

struct frame_args {
	unsigned long sp;
	u64 restorer;
	u64 mask;
};

int setup_rt_frame(struct frame_args *args);
int setup_rt_frame(struct frame_args *args)
{
	struct uc_rt_frame __user *frame;

	frame = (struct uc_rt_frame __user *)((args->sp - sizeof(*frame)) & ~15UL);
	if (!user_write_access_begin(frame, sizeof(*frame)))
		return -EFAULT;
	unsafe_put_user(args->restorer, &frame->pretcode, efault);
	unsafe_put_user(0, &frame->uc.uc_flags, efault);
	unsafe_put_user(0, &frame->uc.uc_link, efault);
	unsafe_put_user(args->mask, &frame->uc.uc_sigmask, efault);
	user_write_access_end();
	args->sp = (unsigned long)frame;
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(setup_rt_frame);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: computed frame pointer, nested constant offsets");
