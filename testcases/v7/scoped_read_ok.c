// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: scoped read access used correctly
 * check-description: scoped_user_read_access() opens a masked read region on the pointer it names; both loads go through that pointer, inside the structure, and the cleanup ends the region with user_read_access_end(), so nothing is reported.
 * check-level: 0
 *
 * check-output-start
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct v7_req {
	u32 op;
	u64 arg;
};

struct v7_req_args {
	const struct v7_req __user *in;
	u32 op;
	u64 arg;
};

int v7_get_req(struct v7_req_args *args);
int v7_get_req(struct v7_req_args *args)
{
	const struct v7_req __user *r = args->in;

	scoped_user_read_access(r, efault) {
		unsafe_get_user(args->op, &r->op, efault);
		unsafe_get_user(args->arg, &r->arg, efault);
	}
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_get_req);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: scoped read access used correctly");
