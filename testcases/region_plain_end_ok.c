// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: read and write regions closed by user_access_end()
 * check-description: Plain user_access_end() closes any region, so closing a read region and a write region with it is correct and nothing is reported.
 * check-level: 0
 *
 * check-output-start
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct uc_pair8 {
	u32 a;
	u32 b;
};

int get_pair_plain(const struct uc_pair8 __user *p, u32 *a);
int get_pair_plain(const struct uc_pair8 __user *p, u32 *a)
{
	if (!user_read_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_get_user(*a, &p->a, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(get_pair_plain);

int put_pair_plain(struct uc_pair8 __user *p, u32 b);
int put_pair_plain(struct uc_pair8 __user *p, u32 b)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(b, &p->b, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(put_pair_plain);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: read and write regions closed by user_access_end()");
