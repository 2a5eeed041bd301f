// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: unsafe_put_user() in a read-only region
 * check-description: The region is opened with user_read_access_begin(); acknowledging the request by writing to it is a mode error.
 * check-level: 0
 *
 * check-output-start
mode_write_in_read.c:29:9: warning: unsafe_put_user() writes in a region opened for reading [-Wuaccess-mode]
mode_write_in_read.c:26:14: note: region opened here
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct uc_cmd {
	u32 op;
	u32 ack;
};

int take_cmd(struct uc_cmd __user *p, u32 *op);
int take_cmd(struct uc_cmd __user *p, u32 *op)
{
	if (!user_read_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_get_user(*op, &p->op, efault);
	unsafe_put_user(1, &p->ack, efault);
	user_read_access_end();
	return 0;
efault:
	user_read_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(take_cmd);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: unsafe_put_user() in a read-only region");
