// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: several returns, each after an end
 * check-description: An early -EINVAL return in the middle of the region closes it first, as do the normal and the fault paths, so no return leaves the region open.
 * check-level: 0
 *
 * check-output-start
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

#define UC_KIND_MAX 4

struct uc_req {
	u32 kind;
	u32 val;
};

int read_req(const struct uc_req __user *p, u32 *val);
int read_req(const struct uc_req __user *p, u32 *val)
{
	u32 kind;

	if (!user_read_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_get_user(kind, &p->kind, efault);
	if (kind > UC_KIND_MAX) {
		user_read_access_end();
		return -EINVAL;
	}
	unsafe_get_user(*val, &p->val, efault);
	user_read_access_end();
	return kind;
efault:
	user_read_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(read_req);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: several returns, each after an end");
