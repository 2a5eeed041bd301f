// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: unsafe_copy_to_user() on an unchecked pointer
 * check-description: unsafe_copy_to_user() expands to several store loops but is one source call, so it gives one finding; the destination args->buf is never validated.
 * check-level: 0
 *
 * check-output-start
unchecked_copy_to_user.c:33:9: warning: unsafe_copy_to_user() on 'args->buf' is not validated by access_ok() or a checking begin on every path [-Wuaccess-unchecked]
unchecked_copy_to_user.c:33:9: note: no check of 'args->buf' was found
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct uc_stats {
	u64 rx;
	u64 tx;
	u32 drops;
};

struct stats_args {
	void __user *buf;
	struct uc_stats stats;
};

int copy_stats(struct stats_args *args);
int copy_stats(struct stats_args *args)
{
	__uaccess_begin();
	unsafe_copy_to_user(args->buf, (const void *)&args->stats, sizeof(args->stats), efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(copy_stats);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: unsafe_copy_to_user() on an unchecked pointer");
