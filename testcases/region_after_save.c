// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: store between user_access_save() and user_access_restore()
 * check-description: user_access_save() closes the open region until user_access_restore(); the store between them is outside an open region.
 * check-level: 0
 *
 * check-output-start
region_after_save.c:31:9: warning: unsafe_put_user() is outside an open user-access region on some path [-Wuaccess-region]
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct uc_pair3 {
	u32 a;
	u32 b;
};

int put_pair_saved(struct uc_pair3 __user *p, u32 a, u32 b);
int put_pair_saved(struct uc_pair3 __user *p, u32 a, u32 b)
{
	unsigned long flags;

	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, &p->a, efault);
	flags = user_access_save();
	unsafe_put_user(b, &p->b, efault_restore);
	user_access_restore(flags);
	user_write_access_end();
	return 0;
efault_restore:
	user_access_restore(flags);
efault:
	user_write_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(put_pair_saved);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: store between user_access_save() and user_access_restore()");
