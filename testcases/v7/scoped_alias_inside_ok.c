// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: a pointer derived inside the scope from the scope's name
 * check-description: The look-alike of scoped_alias_before: 'seq' is computed inside the scope from 'e', which there names the scope's masked pointer, so both stores go through the validated pointer (at bytes 0..7 of it) and nothing is reported.
 * check-level: 0
 *
 * check-output-start
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct v7_event2 {
	u32 type;
	u32 seq;
};

struct v7_event2_args {
	struct v7_event2 __user *ev;
	u32 type;
	u32 seq;
};

int v7_put_event2(struct v7_event2_args *args);
int v7_put_event2(struct v7_event2_args *args)
{
	struct v7_event2 __user *e = args->ev;

	scoped_user_write_access(e, efault) {
		u32 __user *seq = &e->seq;

		unsafe_put_user(args->type, &e->type, efault);
		unsafe_put_user(args->seq, seq, efault);
	}
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_put_event2);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: a pointer derived inside the scope from the scope's name");
