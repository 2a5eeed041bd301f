// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: unsafe_get_user() in a write scope
 * check-description: scoped_user_write_access() opens the region for writing only (its cleanup is user_write_access_end()); reading the old value back through the scope's pointer is a mode error, and the note names the scope that opened the region.
 * check-level: 0
 *
 * check-output-start
scoped_mode_read_in_write.c:35:17: warning: unsafe_get_user() reads in a region opened for writing [-Wuaccess-mode]
scoped_mode_read_in_write.c:34:9: note: region opened here
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct v7_counter {
	u32 value;
	u32 flags;
};

struct v7_counter_args {
	struct v7_counter __user *ctr;
	u32 value;
	u32 old;
};

int v7_set_counter(struct v7_counter_args *args);
int v7_set_counter(struct v7_counter_args *args)
{
	struct v7_counter __user *c = args->ctr;

	scoped_user_write_access(c, efault) {
		unsafe_get_user(args->old, &c->value, efault);
		unsafe_put_user(args->value, &c->value, efault);
	}
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_set_counter);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: unsafe_get_user() in a write scope");
