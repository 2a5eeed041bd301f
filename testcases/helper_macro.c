// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: accessor wrapped in a local macro
 * check-description: The x64_setup_rt_frame() style: stores go through a local macro that expands to unsafe_put_user(); the begin covers the frame, so everything is proven.
 * check-level: 0
 *
 * check-output-start
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct uc_sigframe {
	u64 ip;
	u64 sp;
	u32 flags;
};

#define put_frame(x, field) unsafe_put_user(x, &frame->field, efault)

int setup_sigframe(struct uc_sigframe __user *frame, u64 ip, u64 sp);
int setup_sigframe(struct uc_sigframe __user *frame, u64 ip, u64 sp)
{
	if (!user_write_access_begin(frame, sizeof(*frame)))
		return -EFAULT;
	put_frame(ip, ip);
	put_frame(sp, sp);
	put_frame(0, flags);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(setup_sigframe);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: accessor wrapped in a local macro");
